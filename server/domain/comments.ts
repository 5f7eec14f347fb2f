// Comments on a team contact and the teammates they mention (issue 51 §3). A mention is `@` and a team member's username,
// or their first name where no other member of the team has it; only the contact's team is told (its members are the
// ones who read it), never the author, and nobody for a name that is no member's.
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { comments, teamMembers, users } from '../../db/schema';
import { usernameKey } from '../../shared/fold';

/** `@` then the characters a username may hold (shared/schemas/authFields.ts), not preceded by a letter (an email). */
const MENTION = /(?<![\p{L}\p{M}\p{N}._-])@([\p{L}\p{M}\p{N}._-]+)/gu;

/** The words after each `@`, folded as usernames are compared; a trailing '.', '-' or '_' (the sentence's) also without it. */
export function mentionedWords(body: string): Set<string> {
  const words = new Set<string>();
  for (const match of body.matchAll(MENTION)) {
    const word = usernameKey(match[1]);
    words.add(word);
    const trimmed = word.replace(/[._-]+$/, '');
    if (trimmed) words.add(trimmed);
  }
  return words;
}

/** The members of a team a comment's words mention: by username, or by a first name no other member shares. */
export async function mentionedMembers(db: Queryable, teamId: number, body: string): Promise<Set<number>> {
  const words = mentionedWords(body);
  if (!words.size) return new Set();
  const members = await db
    .select({ id: users.id, usernameKey: users.usernameKey, firstName: users.firstName })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId));
  const firstNames = new Map<string, number[]>();
  for (const member of members) {
    const key = usernameKey(member.firstName.trim());
    if (key) firstNames.set(key, [...(firstNames.get(key) ?? []), member.id]);
  }
  const told = new Set<number>();
  for (const member of members) if (words.has(member.usernameKey)) told.add(member.id);
  for (const [name, ids] of firstNames) if (ids.length === 1 && words.has(name)) told.add(ids[0]);
  return told;
}

/**
 * Deletes contacts' comments (their mentions go with them, by the foreign key): a contact taken back from its team
 * leaves the team's talk about it behind, and nobody outside the team reads it. In the change's transaction.
 */
export async function dropComments(tx: Queryable, contactIds: number[]) {
  if (contactIds.length) await tx.delete(comments).where(inArray(comments.contactId, contactIds));
}
