// Who needs attention (issue 16): the contacts a user looks after (their own and those assigned to them) whose last touch
// is older than their status's threshold, with no follow-up pending and not snoozed by that user; most overdue first.
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { contacts, contactSnoozes, followUps } from '../../db/schema';
import { canRead, decidedInSql } from '../access';
import { lastContactAt } from '../queries/lastContact';
import { spiritualStatuses, type SpiritualStatus } from '../../shared/vocabulary';
import { readSettings } from './settings';
import { notArchived } from '../queries/archive';

const DAY_MS = 86_400_000;

/** Days without a touch, by status: the user's own thresholds (readSettings fills in the defaults). */
export type AttentionDays = Record<SpiritualStatus, number>;

/** A contact that needs attention, as the list and the digest show it. */
export interface AttentionItem {
  contactId: number;
  name: string;
  spiritualStatus: SpiritualStatus;
  teamId: number | null;
  /** The last touch: the latest activity or completed follow-up (never later than now), else when the contact was added. */
  lastTouchAt: Date;
  /** False when the contact has had no activity and no completed follow-up: lastTouchAt is then when they were added. */
  touched: boolean;
  /** When they started needing attention: the last touch plus their rhythm's days and one, else their status's threshold. */
  dueSince: Date;
  /** The person's own "stay in touch every N days" (issue 50 §6), null when their status's threshold applies. */
  stayInTouchDays: number | null;
}

interface Row {
  id: number;
  name: string;
  status: SpiritualStatus;
  team_id: number | null;
  touched_at: number | null;
  last_touch: number;
  due_at: number;
  rhythm: number | null;
}

/**
 * The threshold of a contact in ms: their own rhythm when they have one (issue 50 §6: "every 14 days" is due once more
 * than 14 whole days have passed, on the 15th), else their status's, as one CASE over the user's values.
 */
function thresholdMs(days: AttentionDays): SQL {
  const cases = spiritualStatuses.map((status) => sql`when ${status} then ${days[status] * DAY_MS}`);
  return sql`coalesce((${contacts.stayInTouchDays} + 1) * ${DAY_MS}, case ${contacts.spiritualStatus} ${sql.join(cases, sql` `)} else ${days.unknown * DAY_MS} end)`;
}

/**
 * The contact's last touch: when the user last had contact with them (server/queries/lastContact.ts, as the contact list and
 * page show it), counting what the user may read: their own rows and their teams', never a teammate's private one.
 */
const touchedAt = (userId: number, now: number) => lastContactAt(decidedInSql(userId), now);

/** Last touch, capped at now (a future-dated activity or follow-up counts as now, not later). */
const lastTouch = (touched: SQL, now: number) => sql`min(coalesce(${touched}, ${contacts.createdAt}), ${now})`;

/**
 * The contacts a user looks after (issue 30): their own, but for a team contact assigned to a teammate, and the team
 * contacts assigned to them in their teams, so an assigned contact counts for its assignee and for nobody else. Each
 * part walks its own index: (created_by, …) and (assigned_to, …).
 */
function looksAfter(userId: number): SQL {
  return sql`select ${contacts.id} from ${contacts} indexed by contacts_owner_idx
      where ${contacts.createdBy} = ${userId} and (${contacts.assignedTo} is null or ${contacts.assignedTo} = ${userId})
    union all
    select ${contacts.id} from ${contacts} indexed by contacts_assignee_sort_idx
      where ${contacts.assignedTo} = ${userId} and ${contacts.createdBy} <> ${userId}
        and ${contacts.teamId} in (select team_id from team_members where user_id = ${userId})`;
}

/**
 * The rows needing attention, in (due_at, id) order, after the cursor contact when given. The candidates (own
 * contacts with no pending follow-up, not snoozed, not archived) are read once, each touch computed once (a MATERIALIZED CTE, so
 * SQLite does not copy the subquery into every place the value is used); the cursor's key is computed from the
 * contact alone, so a cursor contact that has since been snoozed or given a follow-up still marks where the page was.
 * The user's contacts are found through their (created_by, …) and (assigned_to, …) indexes by name: with one user's contacts filling a
 * table (a small install after ANALYZE), SQLite otherwise scans the table, and with many users that is every contact.
 */
export function attentionQuery(userId: number, days: AttentionDays, now: number, page: { cursor?: number; limit: number }): SQL {
  const threshold = thresholdMs(days);
  const touched = touchedAt(userId, now);
  const after =
    page.cursor === undefined
      ? sql``
      : sql`and (due_at, id) > (select ${lastTouch(touched, now)} + ${threshold}, ${contacts.id} from ${contacts}
          where ${contacts.id} = ${page.cursor} and (${contacts.createdBy} = ${userId} or ${contacts.assignedTo} = ${userId}))`;
  return sql`with candidates as materialized (
      select ${contacts.id} as id, ${contacts.name} as name, ${contacts.spiritualStatus} as status, ${contacts.teamId} as team_id,
        ${contacts.createdAt} as created_at, ${touched} as touched_at, ${threshold} as threshold, ${contacts.stayInTouchDays} as rhythm
      from ${contacts}
      where ${contacts.id} in (${looksAfter(userId)}) and ${canRead(contacts, decidedInSql(userId))} and ${notArchived}
        and not exists (select 1 from ${followUps} indexed by follow_ups_contact_date_idx where ${followUps.contactId} = ${contacts.id} and ${followUps.completed} = 0)
        and not exists (select 1 from ${contactSnoozes} where ${contactSnoozes.userId} = ${userId} and ${contactSnoozes.contactId} = ${contacts.id} and ${contactSnoozes.until} > ${now})
    ), timed as (
      select id, name, status, team_id, touched_at, rhythm, min(coalesce(touched_at, created_at), ${now}) as last_touch,
        min(coalesce(touched_at, created_at), ${now}) + threshold as due_at
      from candidates
    )
    select id, name, status, team_id, touched_at, last_touch, due_at, rhythm from timed
    where due_at <= ${now} ${after}
    order by due_at, id
    limit ${page.limit}`;
}

const itemOf = (row: Row): AttentionItem => ({
  contactId: row.id,
  name: row.name,
  spiritualStatus: row.status,
  teamId: row.team_id,
  lastTouchAt: new Date(Number(row.last_touch)),
  touched: row.touched_at !== null,
  dueSince: new Date(Number(row.due_at)),
  stayInTouchDays: row.rhythm === null ? null : Number(row.rhythm),
});

/** One page of the user's contacts that need attention at `now`, most overdue first, after the `cursor` contact. */
export async function attentionPage(
  db: Queryable,
  userId: number,
  days: AttentionDays,
  now: number,
  page: { cursor?: number; limit: number },
): Promise<AttentionItem[]> {
  const rows = await db.all<Row>(attentionQuery(userId, days, now, page));
  return rows.map(itemOf);
}

/** How many of the user's contacts need attention at `now` (for the digest's count and the dashboard card). */
export async function attentionCount(db: Queryable, userId: number, days: AttentionDays, now: number): Promise<number> {
  const rows = await db.all<{ n: number }>(sql`select count(*) as n from (${attentionQuery(userId, days, now, { limit: -1 })})`);
  return Number(rows[0]?.n ?? 0);
}

/** The daily digest's part (issue 16): how many need attention and the first `limit` of them, with the user's thresholds. */
export async function attentionForDigest(
  db: Queryable,
  userId: number,
  now: number,
  limit: number,
): Promise<{
  total: number;
  items: { contactId: number; name: string; spiritualStatus: SpiritualStatus; lastTouchAt: Date; stayInTouchDays: number | null }[];
}> {
  const { attentionDays } = await readSettings(db, userId);
  const [items, total] = await Promise.all([attentionPage(db, userId, attentionDays, now, { limit }), attentionCount(db, userId, attentionDays, now)]);
  return {
    total,
    items: items.map(({ contactId, name, spiritualStatus, lastTouchAt, stayInTouchDays }) => ({
      contactId,
      name,
      spiritualStatus,
      lastTouchAt,
      stayInTouchDays,
    })),
  };
}
