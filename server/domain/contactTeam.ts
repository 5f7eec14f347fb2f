// A record's contact and its team (issue 30): the contact a new activity, follow-up or prayer request is written about
// decides the record's team; a member's assignments end with their place in the team.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { contacts } from '../../db/schema';
import { assertCanCreateIn, canRead, notFound, type Authority } from '../access';
import { onceForKey, type IdempotentKind } from '../idempotency';
import { CONTACT_NOT_FOUND } from './contacts';

/** A contact as these rules need it, when the user may read it (else 404); inside the write's transaction. */
export async function readableContact(tx: Tx, contactId: number, who: Authority) {
  const [row] = await tx
    .select({
      id: contacts.id,
      name: contacts.name,
      teamId: contacts.teamId,
      createdBy: contacts.createdBy,
      assignedTo: contacts.assignedTo,
      assignmentStatus: contacts.assignmentStatus,
      assignedBy: contacts.assignedBy,
    })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), canRead(contacts, who)));
  if (!row) throw notFound(CONTACT_NOT_FOUND);
  return row;
}

/**
 * The contact a new record is written about, and so the record's team (the lead's rule, issue 30: records follow their
 * contact): a contact the user may read (else 404), and for a team contact, a team where the user may create (a
 * viewer's record on it is refused with 403, where it used to be written as personal and shown to nobody else).
 */
export async function recordContact(tx: Tx, contactId: number, who: Authority): Promise<{ id: number; name: string; teamId: number | null }> {
  const contact = await readableContact(tx, contactId, who);
  await assertCanCreateIn(tx, contact.teamId, who);
  return { id: contact.id, name: contact.name, teamId: contact.teamId };
}

/**
 * Creates a record about `input.contactId` once per idempotency key (an outbox replay with the same key answers the
 * first result and creates nothing: server/idempotency.ts), in its contact's team whatever `teamId` says:
 * `insert` gets that team and writes the record, in the caller's write transaction.
 */
export function createAboutContact<T>(
  tx: Tx,
  who: Authority,
  input: { contactId: number; idempotencyKey?: string },
  kind: IdempotentKind,
  insert: (teamId: number | null) => Promise<T>,
): Promise<T> {
  return onceForKey(tx, who.userId, input.idempotencyKey, input, async () => insert((await recordContact(tx, input.contactId, who)).teamId), kind);
}

/**
 * Clears the assignments a member held in a team: on their removal or leaving, on a role that may no longer be
 * assigned, and (without `userId`) on the team's deletion, which leaves its contacts personal. Through
 * contacts_team_assignee_idx: one seek. Called by the team routes, in their transaction.
 */
export async function clearAssignments(tx: Tx, teamId: number, userId?: number) {
  await tx
    .update(contacts)
    .set({ assignedTo: null, assignedAt: null, assignmentStatus: null, assignedBy: null })
    .where(and(eq(contacts.teamId, teamId), userId === undefined ? sql`${contacts.assignedTo} is not null` : eq(contacts.assignedTo, userId)));
}
