// Assignments that are answered (issue 51 §2): a contact assigned to someone else waits for their answer, the answer
// is told to whoever assigned it, a declined contact goes back to the admins unassigned, a member who leaves or is
// removed hands theirs back, and an assigned contact nobody has touched for the team's "update needed after N days"
// nudges its assignee once per stretch. Every notification goes through notify(), in the change's own transaction.
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Queryable, Tx } from '../../db/client';
import { activities, contacts, notifications, teamMembers, teams, users } from '../../db/schema';
import { DAY_MS, halfDay } from '../queries/calendarDays';
import { nextTurn } from '../queries/turns';
import { notify, type NewNotification } from './notifications';

/** The team's admins, whom a declined contact and a departing member's contacts go back to. */
export async function teamAdmins(db: Queryable, teamId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'admin')));
  return rows.map((row) => row.userId);
}

/** What an unassigned contact's assignment columns hold. */
export const UNASSIGNED = { assignedTo: null, assignedAt: null, assignmentStatus: null, assignedBy: null } as const;

/**
 * How many names a `returned` notification lists: the first ones by name, in the contacts' name order; `count` says
 * how many there were in all, so the reader knows how many more the list leaves out.
 */
export const RETURNED_NAMES_MAX = 20;

/**
 * A member leaves or is removed (server/routers/teams.ts), in that transaction: the team's contacts assigned to them
 * go back unassigned, and the team's admins (the one who removed them too: the list is what they now hold) are told
 * which, by name. A removed
 * member is told they were removed (`removedBy` set); someone who leaves on their own is not.
 */
export async function returnAssignments(tx: Tx, teamId: number, userId: number, removedBy?: number) {
  const held = await tx
    .update(contacts)
    .set(UNASSIGNED)
    .where(and(eq(contacts.teamId, teamId), eq(contacts.assignedTo, userId)))
    .returning({ id: contacts.id, name: contacts.name });
  const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  const told: NewNotification[] = [];
  if (held.length) {
    const [member] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(users)
      .where(eq(users.id, userId));
    const names = held
      .map((row) => row.name)
      .sort((a, b) => a.localeCompare(b))
      .slice(0, RETURNED_NAMES_MAX);
    const memberName = member ? `${member.firstName} ${member.lastName}`.trim() || member.username : '';
    for (const admin of await teamAdmins(tx, teamId))
      if (admin !== userId)
        told.push({
          userId: admin,
          kind: 'returned',
          teamId,
          actorId: userId,
          detail: { names, count: held.length, member: { id: userId, name: memberName } },
        });
  }
  if (removedBy !== undefined && team) told.push({ userId, kind: 'removed', teamId, actorId: removedBy, detail: { teamName: team.name } });
  await notify(tx, told);
  return held.length;
}

/**
 * When the outer query's contacts row was last touched: assigned, or the latest activity about the person (as its
 * first person or one of its other people, server/queries/lastContact.ts) dated up to today, whoever wrote it.
 */
function lastTouched(now: number | SQL): SQL {
  return sql`max(coalesce(${contacts.assignedAt}, 0),
    coalesce((select max(${activities.date}) from ${activities} indexed by activities_contact_date_idx
      where ${activities.contactId} = ${contacts.id} and ${activities.date} <= ${now} + ${halfDay}), 0),
    coalesce((select max(ac.date) from activity_contacts ac
      where ${contacts.alsoThereCount} > 0 and ac.contact_id = ${contacts.id} and ac.date <= ${now} + ${halfDay}), 0))`;
}

/** The team's "update needed after N days" of the outer query's contacts row, in ms. */
const updateNeededMs = sql`(select ${teams.updateNeededDays} from ${teams} where ${teams.id} = ${contacts.teamId}) * ${DAY_MS}`;

/**
 * Whether the outer query's contacts row needs an update at `now`: assigned (accepted or waiting for an answer) and
 * untouched for its team's number of days. Evaluated only for assigned contacts (CASE stops at the first WHEN).
 */
export function needsUpdate(now: number | SQL): SQL<boolean> {
  return sql<boolean>`(case when ${contacts.assignmentStatus} is null or ${contacts.teamId} is null then 0
    when ${lastTouched(now)} <= ${now} - ${updateNeededMs} then 1 else 0 end)`;
}

/**
 * Not nudged since it came to need an update: no updateNeeded notification to the assignee in its team since it was
 * last touched and its team's days ran out. One notification tells an assignee of all their contacts that came to need
 * an update by the time it was written (sweepUpdateNeeded), so it survives the inbox's pruning of single ones: were the
 * stretch's record one notification per contact, a pruned one would nudge again every hour.
 */
function notNudged(now: number): SQL {
  return sql`not exists (select 1 from ${notifications} where ${notifications.userId} = ${contacts.assignedTo}
    and ${notifications.teamId} = ${contacts.teamId} and ${notifications.kind} = 'updateNeeded'
    and ${notifications.createdAt} >= ${lastTouched(now)} + ${updateNeededMs})`;
}

/** How many names an updateNeeded notification lists; `count` says how many contacts it is about in all. */
export const UPDATE_NEEDED_NAMES_MAX = 20;

/**
 * When the outer query's contacts row came (or will come) to need an update: last touched plus its team's days. The
 * team dashboard lists those that need one (routers/teamDashboard.ts updateNeededList) by the same rule as a contact's
 * `updateNeeded` and the sweep's nudges.
 */
export const updateNeededSince = (now: number | SQL): SQL => sql`${lastTouched(now)} + ${updateNeededMs}`;

/** Contacts looked at per batch of the sweep, each batch in its own turn of the event loop and its own short write. */
export const SWEEP_BATCH = 200;

interface Due {
  count: number;
  names: string[];
  contactId: number;
}

/** Adds those of `ids` that need an update and were not nudged since to `due`, by assignee. */
async function collectDue(db: Queryable, ids: number[], now: number, due: Map<number, Due>) {
  const rows = await db
    .select({ id: contacts.id, name: contacts.name, userId: contacts.assignedTo })
    .from(contacts)
    .where(and(inArray(contacts.id, ids), isNotNull(contacts.assignedTo), sql`${needsUpdate(now)} = 1`, notNudged(now)));
  for (const row of rows) {
    const held = due.get(row.userId!) ?? { count: 0, names: [], contactId: row.id };
    held.count += 1;
    held.names.push(row.name);
    held.names.sort((a, b) => a.localeCompare(b));
    held.names.length = Math.min(held.names.length, UPDATE_NEEDED_NAMES_MAX);
    due.set(row.userId!, held);
  }
}

/**
 * Tells each assignee of `due` in one notification of kind `updateNeeded` (the notifications' push and digest
 * deliver it): the contact when it is one, else how many and the first names. Checked again in the write: an
 * assignee told in this team since the sweep began is not told twice.
 */
async function nudge(database: Database, teamId: number, days: number, due: Map<number, Due>, since: number) {
  if (due.size === 0) return 0;
  await nextTurn();
  return database.write(async (tx) => {
    const told = await tx
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          eq(notifications.teamId, teamId),
          inArray(notifications.userId, [...due.keys()]),
          eq(notifications.kind, 'updateNeeded'),
          sql`${notifications.createdAt} >= ${since}`,
        ),
      );
    const already = new Set(told.map((row) => row.userId));
    const rows = [...due].filter(([userId]) => !already.has(userId));
    await notify(
      tx,
      rows.map(([userId, { count, names, contactId }]) => ({
        userId,
        kind: 'updateNeeded' as const,
        teamId,
        contactId: count === 1 ? contactId : null,
        detail: { days, count, names },
      })),
    );
    return rows.reduce((sum, [, { count }]) => sum + count, 0);
  });
}

/**
 * The update-needed sweep (server/nudges/scheduler.ts runs it each pass): every assigned contact, a batch at a time,
 * whose assignee has not touched it for its team's days and who was not nudged about it since is gathered by
 * assignee, and each assignee gets one notification a team. Answers how many contacts were nudged about.
 */
export async function sweepUpdateNeeded(database: Database, options: { now?: () => number; batchSize?: number; stopping?: () => boolean } = {}) {
  const clock = options.now ?? Date.now;
  const batchSize = options.batchSize ?? SWEEP_BATCH;
  const since = clock();
  let nudged = 0;
  // Team by team, each team's assigned contacts in its (team, assignee, assigned at) index's order, so a batch reads
  // only assigned contacts whatever else the team holds.
  let teamCursor = 0;
  for (;;) {
    await nextTurn();
    const teamBatch = await database.read
      .select({ id: teams.id, days: teams.updateNeededDays })
      .from(teams)
      .where(sql`${teams.id} > ${teamCursor}`)
      .orderBy(asc(teams.id))
      .limit(batchSize);
    if (teamBatch.length === 0) break;
    teamCursor = teamBatch.at(-1)!.id;
    for (const { id: teamId, days } of teamBatch) {
      const due = new Map<number, Due>();
      let cursor: { assignedTo: number; assignedAt: number; id: number } | null = null;
      for (;;) {
        await nextTurn();
        if (options.stopping?.()) return nudged;
        const after: SQL | undefined = cursor
          ? sql`(${contacts.assignedTo}, ${contacts.assignedAt}, ${contacts.id}) > (${cursor.assignedTo}, ${cursor.assignedAt}, ${cursor.id})`
          : undefined;
        const batch: { id: number; assignedTo: number | null; assignedAt: Date | null }[] = await database.read
          .select({ id: contacts.id, assignedTo: contacts.assignedTo, assignedAt: contacts.assignedAt })
          .from(contacts)
          .where(and(eq(contacts.teamId, teamId), isNotNull(contacts.assignedTo), after))
          .orderBy(asc(contacts.assignedTo), asc(contacts.assignedAt), asc(contacts.id))
          .limit(batchSize);
        if (batch.length === 0) break;
        const last = batch.at(-1)!;
        cursor = { assignedTo: last.assignedTo ?? 0, assignedAt: last.assignedAt?.getTime() ?? 0, id: last.id };
        await nextTurn();
        await collectDue(
          database.read,
          batch.map((row) => row.id),
          clock(),
          due,
        );
        if (batch.length < batchSize) break;
      }
      nudged += await nudge(database, teamId, days, due, since);
    }
    if (teamBatch.length < batchSize) break;
  }
  return nudged;
}
