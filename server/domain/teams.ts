// A team's membership bound and its end (issue 47): what joining, inviting, leaving and deleting an account share.
import { TRPCError } from '@trpc/server';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { activities, contacts, followUps, goals, prayerRequests, teamMembers, teams } from '../../db/schema';
import { fmt } from '../../shared/i18n';
import { nextTurn } from '../queries/turns';
import { clearAssignments } from './contactTeam';

/** Teams one person may belong to: enough for any real ministry, and a bound on what every query reads. */
export const MAX_TEAMS_PER_USER = 100;
export const TOO_MANY_TEAMS = fmt('You can be in at most {max} teams', { max: MAX_TEAMS_PER_USER });

/** Refuses, inside the write that would add one, a membership past MAX_TEAMS_PER_USER. */
export async function assertRoomForTeam(tx: Tx, userId: number) {
  const [{ teams: joined }] = await tx.select({ teams: count() }).from(teamMembers).where(eq(teamMembers.userId, userId));
  if (joined >= MAX_TEAMS_PER_USER) throw new TRPCError({ code: 'CONFLICT', message: TOO_MANY_TEAMS });
}

/** The tables whose rows a team holds (db/schema.ts `ownership`; resources have the column, but no path writes it). */
const teamRowTables = { contacts, activities, followUps, prayerRequests, goals } as const;

/** A team's rows whose author is no longer in it: removed, left, or the stand-in of a deleted account (decision 007). */
function fromFormerMembers(table: (typeof teamRowTables)[keyof typeof teamRowTables], teamId: number) {
  return and(
    eq(table.teamId, teamId),
    sql`${table.createdBy} not in (select ${teamMembers.userId} from ${teamMembers} where ${teamMembers.teamId} = ${teamId})`,
  );
}

/**
 * How many rows of each kind teams.remove gives the admin who deletes the team: those of people no longer in it. Each
 * count walks the table's team index.
 */
export async function formerMembersRows(db: Queryable, teamId: number) {
  const counts = await Promise.all(
    Object.values(teamRowTables).map(async (table) => (await db.select({ n: count() }).from(table).where(fromFormerMembers(table, teamId)))[0].n),
  );
  const [contactCount, activityCount, followUpCount, prayerCount, goalCount] = counts;
  return { contacts: contactCount, activities: activityCount, followUps: followUpCount, prayerRequests: prayerCount, goals: goalCount };
}

/** Rows a team's end hands on per UPDATE: each fires the tally triggers, so slices are smaller than a merge's. */
const END_SLICE = 500;

/**
 * A team ends (deleted by an admin, its last member leaving, or its last member deleting their account; issue 47). A row
 * goes back to its author only while they are in the team; the rows of anyone no longer in it (removed, left, a deleted
 * account's stand-in) go to `heir`, the person ending it, who could read and change them a moment before: they stay
 * someone's, and never return to a person the team had put out. Each table is handed on a slice at a time through its
 * team index, with a turn of the event loop between slices (as a merge moves rows), so a large team does not hold the
 * loop; then the team itself goes, with nothing left to set null. The tally triggers follow (tests/api/tallies.test.ts).
 */
export async function endTeam(tx: Tx, teamId: number, heir: number) {
  // A personal contact is nobody's assignment.
  await clearAssignments(tx, teamId);
  const members = sql`(select ${teamMembers.userId} from ${teamMembers} where ${teamMembers.teamId} = ${teamId})`;
  for (const table of Object.values(teamRowTables))
    for (;;) {
      const slice = sql`(select ${table.id} from ${table} where ${table.teamId} = ${teamId} limit ${END_SLICE})`;
      const result = await tx.run(
        sql`update ${table} set created_by = case when created_by in ${members} then created_by else ${heir} end, team_id = null where id in ${slice}`,
      );
      if (result.rowsAffected < END_SLICE) break;
      await nextTurn();
    }
  await tx.delete(teams).where(eq(teams.id, teamId));
}
