// Tags on contacts (issue 50): which a reader sees on a contact, the list's tag filter, and setting a contact's tags by
// name. A contact carries its team's tags and, privately, personal tags of whoever put them there: a reader sees the
// tags of the contact's team and their own personal ones, never another person's (db/schema.ts contactTags).
import { and, eq, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { contacts, contactTags, tags } from '../../db/schema';
import { foldText } from '../../shared/fold';
import { fmt } from '../../shared/i18n';
import { MAX_TAGS_PER_SPACE } from '../../shared/schemas/tags';
import { userOf, type Who } from '../access';
import { fieldInvalid } from '../errors';
import { decoded } from '../queries/rows';

/**
 * The one rule of which tags a reader sees on a contact: tag `t` (an alias) of the contact's team, or their own personal
 * one. A contact in no team compares `t.team_id = null`, true for no tag, so only the reader's own show.
 */
const tagSeen = (contactTeam: SQL, userId: unknown) => sql`(t.team_id = ${contactTeam} or (t.team_id is null and t.created_by = ${userId}))`;
const visibleOnContact = (who: Who) => tagSeen(sql`${contacts.teamId}`, userOf(who));

/** The tags the reader sees on the outer query's contact, as the rows of `t` (tags) joined to them. */
export const contactTagsFrom = (who: Who) =>
  sql`from ${contactTags} ct join ${tags} t on t.id = ct.tag_id where ct.contact_id = ${contacts.id} and ${visibleOnContact(who)}`;

/**
 * A contact's tags as [name_key, name] pairs to their names in the folded order: ordered here, not in SQL, since a
 * contact's few tags sorted in SQL cost a sort per row of the list.
 */
export const sortedTagNames = (pairs: [string, string][]) => pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, name]) => name);

/** The names of the tags the reader sees on each contact, in their folded order. */
export function contactTagNames(who: Who) {
  return decoded(sql`${sql`(select json_group_array(json_array(t.name_key, t.name)) ${contactTagsFrom(who)})`}`, (value) =>
    sortedTagNames(JSON.parse(String(value ?? '[]')) as [string, string][]),
  );
}

/** The folded, distinct names of a tag filter as one JSON text: one value for SQL whatever their number. */
export const tagKeysOf = (names: string[]) => JSON.stringify([...new Set(names.map(foldText))]);

/**
 * Contacts carrying every tag named in `keys` (tagKeysOf's JSON) that the reader sees on them: a contact's own tags are
 * counted (a seek of its (contact, tag) key each), so the cost is the tags a contact carries, never all tags.
 */
export function carriesTags(keys: string | Placeholder, who: Who): SQL {
  return sql`(select count(distinct t.name_key) from ${contactTags} ct join ${tags} t on t.id = ct.tag_id
    where ct.contact_id = ${contacts.id} and ${visibleOnContact(who)} and t.name_key in (select value from json_each(${keys}))) = json_array_length(${keys})`;
}

/** The tags of one space: a team's, or a user's personal ones. */
export const inSpace = (teamId: number | null, userId: number) =>
  teamId === null ? and(isNull(tags.teamId), eq(tags.createdBy, userId)) : eq(tags.teamId, teamId);

export const TOO_MANY_TAGS = fmt('At most {max} tags in one place: merge or delete some first', { max: MAX_TAGS_PER_SPACE });

/**
 * The tags named, in a space, by folded name, each made when missing (in the write's transaction, so the cap on a
 * space's tags is counted before it is checked, however many writes arrive together).
 */
export async function tagsNamed(tx: Tx, teamId: number | null, userId: number, names: string[]): Promise<Map<string, number>> {
  const wanted = new Map(names.map((name) => [foldText(name), name]));
  const ids = new Map<string, number>();
  if (wanted.size === 0) return ids;
  // A seek of the space's name index per name, in slices well under SQLite's limit on bound values.
  const keys = [...wanted.keys()];
  for (let start = 0; start < keys.length; start += 500) {
    const found = await tx
      .select({ id: tags.id, key: tags.nameKey })
      .from(tags)
      .where(and(inSpace(teamId, userId), inArray(tags.nameKey, keys.slice(start, start + 500))));
    for (const tag of found) ids.set(tag.key, tag.id);
  }
  const missing = [...wanted].filter(([key]) => !ids.has(key));
  if (missing.length > 0) {
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)` })
      .from(tags)
      .where(inSpace(teamId, userId));
    if (Number(n) + missing.length > MAX_TAGS_PER_SPACE) throw fieldInvalid({ field: 'tags', message: TOO_MANY_TAGS });
    for (let start = 0; start < missing.length; start += 100) {
      const made = await tx
        .insert(tags)
        .values(missing.slice(start, start + 100).map(([key, name]) => ({ name, nameKey: key, teamId, createdBy: userId })))
        .returning({ id: tags.id, key: tags.nameKey });
      for (const tag of made) ids.set(tag.key, tag.id);
    }
  }
  return ids;
}

/** Personal tags on contacts just made (an import): each name found or made once, then one link per contact and name. */
export async function tagNewContacts(tx: Tx, userId: number, tagged: { contactId: number; names: string[] }[]) {
  const ids = await tagsNamed(
    tx,
    null,
    userId,
    tagged.flatMap((contact) => contact.names),
  );
  const links = tagged.flatMap(({ contactId, names }) => [...new Set(names.map((name) => ids.get(foldText(name))!))].map((tagId) => ({ contactId, tagId })));
  for (let start = 0; start < links.length; start += 400)
    await tx
      .insert(contactTags)
      .values(links.slice(start, start + 400))
      .onConflictDoNothing();
}

/**
 * Sets the tags the writer sees on a contact to `names`: those already there (their team's or the writer's own) stay,
 * the others the writer sees go, and new names are found or made in the contact's space (its team's, or the writer's
 * personal tags). Someone else's personal tags on the contact are neither seen nor touched.
 */
export async function setContactTags(tx: Tx, contact: { id: number; teamId: number | null }, userId: number, names: string[]) {
  const wanted = new Set(names.map(foldText));
  const seen = await tx.all<{
    id: number;
    name_key: string;
  }>(sql`select t.id as id, t.name_key as name_key from ${contactTags} ct join ${tags} t on t.id = ct.tag_id
    where ct.contact_id = ${contact.id} and ${tagSeen(sql`${contact.teamId}`, userId)}`);
  const dropped = seen.filter((tag) => !wanted.has(tag.name_key)).map((tag) => Number(tag.id));
  if (dropped.length > 0) await tx.delete(contactTags).where(and(eq(contactTags.contactId, contact.id), inArray(contactTags.tagId, dropped)));
  const kept = new Set(seen.map((tag) => tag.name_key));
  const added = names.filter((name) => !kept.has(foldText(name)));
  const ids = [...(await tagsNamed(tx, contact.teamId, userId, added)).values()];
  if (ids.length > 0)
    await tx
      .insert(contactTags)
      .values(ids.map((tagId) => ({ contactId: contact.id, tagId })))
      .onConflictDoNothing();
}

/** The tag names the reader sees on one contact, as its answers carry them. */
export async function tagNamesOf(tx: Tx, contactId: number, who: Who): Promise<string[]> {
  const [row] = await tx
    .select({ names: contactTagNames(who) })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  return row?.names ?? [];
}
