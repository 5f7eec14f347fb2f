// A prayer request's row as its list, activity logging and the account's export read it.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { prayerRequestPrayers, prayerRequests, teams, users } from '../../db/schema';
import { DAY_MS, sqlNow } from '../queries/calendarDays';
import { userOf, type Who } from '../access';
import { decoded } from '../queries/rows';
import * as answers from '../schemas/answers';

export const prayerColumns = answers.prayerRequestRow.columns;

/** The request's list (issue 50 §5), for its author only: another reader's lists are their own, so a teammate sees none. */
export const authorsListId = (who: Who) =>
  decoded(sql`case when ${prayerRequests.createdBy} = ${userOf(who)} then ${prayerRequests.listId} end`, (value) => (value === null ? null : Number(value)));

/** The first day (whole UTC days since the epoch, as prayer_request_prayers files them) of the last 7, read when the statement runs. */
const weekFirstDay = sql`(${sqlNow} / ${sql.raw(String(DAY_MS))} - 6)`;

/**
 * How many people prayed for a team request in the last 7 days (issue 51 §5): one seek of prayer_request_prayers_day_idx
 * per request, at most 7 days × the team's size, however many prayers the request has had. 0 for a personal request.
 */
export const teamPrayedThisWeek = decoded(
  sql`case when ${prayerRequests.teamId} is null then 0 else (select count(distinct p.user_id) from ${prayerRequestPrayers} p
    where p.request_id = ${prayerRequests.id} and p.day >= ${weekFirstDay}) end`,
  Number,
);

/**
 * Who prayed for it this week, by name, only when its team chose to show them (teams.prayer_names, an admin's setting);
 * null otherwise, and for a personal request. Bounded like the count.
 */
export const teamPrayedNames = decoded(
  sql`case when ${prayerRequests.teamId} is not null and (select t.prayer_names from ${teams} t where t.id = ${prayerRequests.teamId}) = 1
    then (select json_group_array(case when trim(u.first_name || ' ' || u.last_name) = '' then u.username else trim(u.first_name || ' ' || u.last_name) end) from (select distinct p.user_id from ${prayerRequestPrayers} p
      where p.request_id = ${prayerRequests.id} and p.day >= ${weekFirstDay}) w join ${users} u on u.id = w.user_id) end`,
  (value) => (value === null || value === undefined ? null : (JSON.parse(String(value)) as string[]).sort((a, b) => a.localeCompare(b))),
);

/** A team request's prayer today by `userId`, once a day whatever the presses (the primary key holds it). */
export async function recordTeamPrayer(tx: Tx, requestId: number, userId: number, now: number) {
  await tx
    .insert(prayerRequestPrayers)
    .values({ requestId, userId, day: Math.floor(now / DAY_MS) })
    .onConflictDoNothing();
}
