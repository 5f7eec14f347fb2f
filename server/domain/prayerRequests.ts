// A prayer request's row as its list, activity logging and the account's export read it.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { prayerRequestPrayers, prayerRequests, teams, users } from '../../db/schema';
import { DAY_MS, sqlNow } from '../queries/calendarDays';
import { userOf, type Who } from '../access';
import { decoded, packed } from '../queries/rows';
import * as answers from '../schemas/answers';

export const prayerColumns = answers.prayerRequestRow.columns;

/** The request's list (issue 50 §5), for its author only: another reader's lists are their own, so a teammate sees none. */
export const authorsListId = (who: Who) =>
  decoded(sql`case when ${prayerRequests.createdBy} = ${userOf(who)} then ${prayerRequests.listId} end`, (value) => (value === null ? null : Number(value)));

/** The first day (whole UTC days since the epoch, as prayer_request_prayers files them) of the last 7, read when the statement runs. */
const weekFirstDay = sql`(${sqlNow} / ${sql.raw(String(DAY_MS))} - 6)`;

/**
 * The request's list for its author (authorsListId's) and its team's prayers this week (issue 51 §5), packed into one
 * value (server/queries/rows.ts), 0 for a personal request in none of the reader's lists:
 * - `teamPrayedThisWeek`: how many people prayed for a team request in the last 7 days, 0 for a personal one: one seek
 *   of prayer_request_prayers_day_idx per request gives the week's prayers with who prayed (at most 7 days × the
 *   team's size, however many it has had), counted here by person;
 * - `teamPrayedNames`: who, by name, only when its team chose to show them (teams.prayer_names, an admin's setting);
 *   null otherwise, and for a personal request.
 */
export const listAndTeamPrayers = (who: Who) =>
  packed(
    sql`${sql`case when ${prayerRequests.teamId} is null and (${prayerRequests.listId} is null or ${prayerRequests.createdBy} <> ${userOf(who)}) then 0
    else json_array(case when ${prayerRequests.createdBy} = ${userOf(who)} then ${prayerRequests.listId} end,
      case when ${prayerRequests.teamId} is not null then (select t.prayer_names from ${teams} t where t.id = ${prayerRequests.teamId}) end,
      case when ${prayerRequests.teamId} is not null then json((select json_group_array(json_array(p.user_id, u.first_name, u.last_name, u.username))
        from ${prayerRequestPrayers} p join ${users} u on u.id = p.user_id
        where p.request_id = ${prayerRequests.id} and p.day >= ${weekFirstDay})) end) end`}`,
    (value, row) => {
      if (typeof value !== 'string') {
        row.listId = null;
        row.teamPrayedThisWeek = 0;
        row.teamPrayedNames = null;
        return;
      }
      const [listId, showsNames, prayers] = JSON.parse(value) as [number | null, number | null, [number, string, string, string][] | null];
      const byPerson = new Map((prayers ?? []).map(([userId, first, last, username]) => [userId, `${first} ${last}`.trim() || username]));
      row.listId = listId;
      row.teamPrayedThisWeek = byPerson.size;
      row.teamPrayedNames = showsNames === 1 ? [...byPerson.values()].sort((a, b) => a.localeCompare(b)) : null;
    },
  );

/** A team request's prayer today by `userId`, once a day whatever the presses (the primary key holds it). */
export async function recordTeamPrayer(tx: Tx, requestId: number, userId: number, now: number) {
  await tx
    .insert(prayerRequestPrayers)
    .values({ requestId, userId, day: Math.floor(now / DAY_MS) })
    .onConflictDoNothing();
}
