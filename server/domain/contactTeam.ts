// A record's contact and its team (issue 30): the contact a new activity, follow-up or prayer request is written about
// decides the record's team; a member's assignments end with their place in the team.
import { TRPCError } from '@trpc/server';
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { activities, contacts, followUps, prayerRequests } from '../../db/schema';
import { assertCanCreateIn, canRead, notFound, teamRole, type Authority } from '../access';
import { fieldInvalid } from '../errors';
import { mayChange, roleCan } from '../../shared/roles';
import { msg, type Locale } from '../../shared/i18n';
import { translate } from '../i18n';
import { onceForKey, type IdempotentKind } from '../idempotency';
import { CONTACT_NOT_FOUND } from './contacts';
import { dropComments } from './comments';
import { UNASSIGNED } from './assignments';
import { notify } from './notifications';

/** A contact as these rules need it, when the user may read it (else 404); inside the write's transaction. */
/** What the team rules read of a contact: its place, its creator and its assignment. */
export const teamRuleColumns = {
  id: contacts.id,
  name: contacts.name,
  teamId: contacts.teamId,
  createdBy: contacts.createdBy,
  assignedTo: contacts.assignedTo,
  assignmentStatus: contacts.assignmentStatus,
  assignedBy: contacts.assignedBy,
};

export async function readableContact(tx: Tx, contactId: number, who: Authority) {
  const [row] = await tx
    .select(teamRuleColumns)
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

const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/** The tables of the records written about a contact: they go where their contact goes. */
const recordTables = [activities, followUps, prayerRequests] as const;

/**
 * How many records people other than `authorId` wrote about the contact (each table through its (contact, …) index):
 * what would be left pointing at a contact that is no longer theirs to read.
 */
async function othersRecordCount(tx: Tx, contactId: number, authorId: number) {
  let total = 0;
  for (const table of recordTables)
    total += (
      await tx
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.contactId, contactId), ne(table.createdBy, authorId)))
    )[0].n;
  return total;
}

/** A contact as the one-contact rules below take it (readableContact). */
export type TeamContact = Awaited<ReturnType<typeof readableContact>>;

/**
 * contacts.share's rule and change, for one contact and for each of a bulk action's (contacts.bulk): a contact in that
 * team already stays as it is (false: nothing changed); one in another team must be taken back first (409).
 */
export async function shareOne(tx: Tx, contact: TeamContact, who: Authority, teamId: number): Promise<boolean> {
  await assertCanCreateIn(tx, teamId, who);
  if (contact.teamId === teamId) return false;
  if (contact.teamId !== null) throw conflict(msg('This contact is already shared with a team; take it back first'));
  await tx.update(contacts).set({ teamId }).where(eq(contacts.id, contact.id));
  for (const table of recordTables)
    await tx
      .update(table)
      .set({ teamId })
      .where(and(eq(table.contactId, contact.id), isNull(table.teamId), eq(table.createdBy, who.userId)));
  return true;
}

/** contacts.unshare's rules for a team contact (see there): throws the refusal, else the contact may be taken back. */
export async function unshareCheck(tx: Tx, contact: TeamContact & { teamId: number }, who: Authority, locale: Locale) {
  const teamId = contact.teamId;
  if (!mayChange({ teamId, createdBy: contact.createdBy }, who.userId, await teamRole(tx, teamId, who)))
    throw forbidden(msg('Only its creator or a team admin can take a contact back'));
  if (!(await teamRole(tx, teamId, { userId: contact.createdBy, teams: null })))
    throw conflict(msg('The person who added this contact has left the team, so it stays with the team'));
  // Counted inside the write, so a record a teammate adds a moment before is seen.
  const others = await othersRecordCount(tx, contact.id, contact.createdBy);
  if (others)
    throw conflict(
      translate(
        locale,
        '{count, plural, one {Others in the team wrote # record about this contact, so it stays with the team.} other {Others in the team wrote # records about this contact, so it stays with the team.}}',
        { count: others },
      ),
    );
}

/** contacts.unshare's change, once unshareCheck has passed: the contact and its creator's records go personal, its assignment ends. */
export async function unshareOne(tx: Tx, contact: TeamContact & { teamId: number }) {
  await tx
    .update(contacts)
    .set({ teamId: null, ...UNASSIGNED })
    .where(eq(contacts.id, contact.id));
  // The team's comments on it stay behind and go (issue 51 §3): its creator alone reads it now.
  await dropComments(tx, [contact.id]);
  for (const table of recordTables)
    await tx
      .update(table)
      .set({ teamId: null })
      .where(and(eq(table.contactId, contact.id), eq(table.teamId, contact.teamId)));
}

/**
 * contacts.assign's rules and change (see there), for one contact and for each of a bulk assign's: the one code path
 * an assignment is made by. False when the contact was assigned so already (nothing changed).
 */
export async function assignOne(tx: Tx, contact: TeamContact, who: Authority, userId: number | null): Promise<boolean> {
  const me = who.userId;
  const teamId = contact.teamId;
  if (teamId === null) throw fieldInvalid({ field: 'id', message: msg('A personal contact cannot be assigned: share it with a team first') });
  const role = await teamRole(tx, teamId, who);
  // Readable without a role only as its former creator (server/access.ts): not someone who assigns.
  if (!role) throw notFound(CONTACT_NOT_FOUND);
  if (userId === contact.assignedTo) return false;
  if (userId === null) {
    if (contact.assignedTo !== me && !roleCan(role, 'assignAnyone')) throw forbidden(msg('Only an admin can take someone else off a contact'));
  } else {
    if (userId !== me && !roleCan(role, 'assignAnyone')) throw forbidden(msg('Only an admin can assign a contact to someone else'));
    if (!roleCan(role, 'assignAnyone') && !roleCan(role, 'assignSelf')) throw forbidden(msg('A viewer cannot be assigned a contact'));
    if (contact.assignedTo !== null && !roleCan(role, 'assignAnyone'))
      throw conflict(msg('This contact is already assigned to someone else; an admin can reassign it'));
    const assigneeRole = await teamRole(tx, teamId, { userId, teams: null });
    if (!roleCan(assigneeRole, 'assignSelf'))
      throw fieldInvalid({ field: 'userId', message: msg("Only an admin or member of the contact's team can be assigned to it") });
  }
  // Issue 51 §2: assigned to someone else, it waits for their answer and they are told; taken by oneself, accepted.
  const values =
    userId === null
      ? UNASSIGNED
      : { assignedTo: userId, assignedAt: new Date(), assignmentStatus: userId === me ? ('accepted' as const) : ('pending' as const), assignedBy: me };
  await tx.update(contacts).set(values).where(eq(contacts.id, contact.id));
  if (userId !== null && userId !== me) await notify(tx, [{ userId, kind: 'assigned', teamId, contactId: contact.id, actorId: me }]);
  return true;
}
