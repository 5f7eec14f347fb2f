// A contact's spiritual journey (every status change) and its timeline: activities, follow-ups, prayers and status changes in one list.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { activities, contactStatusChanges, followUps, prayerRequests, type ActivityType, type FollowUpType, type SpiritualStatus } from '../../db/schema';
import { canRead, type Authority } from '../access';

/** A timeline page holds this many items unless the caller asks for fewer; `hasMore` says when older ones follow. */
const TIMELINE_LIMIT = 200;

/** Writes steps of journeys, in the transaction that changed (or first set) the statuses. */
export async function recordStatusChanges(
  tx: Tx,
  userId: number,
  changes: { contactId: number; fromStatus: SpiritualStatus | null; toStatus: SpiritualStatus }[],
) {
  if (changes.length) await tx.insert(contactStatusChanges).values(changes.map((change) => ({ ...change, changedBy: userId })));
}

export type TimelineItem =
  | { kind: 'activity'; id: number; date: Date; type: ActivityType; notes: string | null; description: string | null }
  | { kind: 'followUp'; id: number; date: Date; type: FollowUpType; description: string; completed: boolean; pending: boolean }
  | {
      kind: 'prayer';
      id: number;
      date: Date;
      request: string;
      answered: boolean;
      answerNotes: string | null;
      answerDate: Date | null;
      prayedCount: number;
    }
  | { kind: 'status'; id: number; date: Date; fromStatus: SpiritualStatus | null; toStatus: SpiritualStatus };

/** One row of the union below: every kind's columns, null where a kind has none. */
interface TimelineRow {
  kind: TimelineItem['kind'];
  id: number;
  date: number;
  type: string | null;
  notes: string | null;
  description: string | null;
  completed: number | null;
  request: string | null;
  answered: number | null;
  answer_notes: string | null;
  answer_date: number | null;
  prayed_count: number | null;
  from_status: string | null;
  to_status: string | null;
}

function itemOf(row: TimelineRow): TimelineItem {
  const base = { id: Number(row.id), date: new Date(Number(row.date)) };
  switch (row.kind) {
    case 'activity':
      return { kind: 'activity', ...base, type: row.type as ActivityType, notes: row.notes, description: row.description };
    case 'followUp': {
      const completed = Boolean(row.completed);
      return { kind: 'followUp', ...base, type: row.type as FollowUpType, description: row.description ?? '', completed, pending: !completed };
    }
    case 'prayer':
      return {
        kind: 'prayer',
        ...base,
        request: row.request ?? '',
        answered: Boolean(row.answered),
        answerNotes: row.answer_notes,
        answerDate: row.answer_date === null ? null : new Date(Number(row.answer_date)),
        prayedCount: Number(row.prayed_count ?? 0),
      };
    case 'status':
      return { kind: 'status', ...base, fromStatus: row.from_status as SpiritualStatus | null, toStatus: row.to_status as SpiritualStatus };
  }
}

/** Where a page ended: the last item's place in the order (date desc, kind asc, id desc), as the next cursor. */
function cursorOf(item: TimelineItem) {
  return `${item.date.getTime()}:${item.kind}:${item.id}`;
}

/** Items strictly after the cursor in that order; ids repeat across kinds and dates can tie, so all three count. */
function afterTimelineCursor(cursor: string | undefined) {
  if (!cursor) return sql`1`;
  const [date, kind, id] = cursor.split(':');
  const [d, k, i] = [Number(date), kind, Number(id)];
  return sql`(date < ${d} or (date = ${d} and (kind > ${k} or (kind = ${k} and id < ${i}))))`;
}

/**
 * The journey (oldest first) and one page of timeline items (newest first, `limit` of them, after `cursor`) of a
 * contact the caller may read. Each record kind is filtered by its own read rule: a teammate's private activity
 * about a shared contact stays private. One UNION ALL query, sorted and cut in SQL.
 */
export async function contactHistory(db: Queryable, contactId: number, who: Authority, page: { limit?: number; cursor?: string } = {}) {
  const limit = page.limit ?? TIMELINE_LIMIT;
  const journey = await db
    .select({
      id: contactStatusChanges.id,
      fromStatus: contactStatusChanges.fromStatus,
      toStatus: contactStatusChanges.toStatus,
      changedAt: contactStatusChanges.changedAt,
    })
    .from(contactStatusChanges)
    .where(eq(contactStatusChanges.contactId, contactId))
    .orderBy(asc(contactStatusChanges.changedAt), asc(contactStatusChanges.id));

  const rows = await db.all<TimelineRow>(sql`
    select * from (
    select 'activity' as kind, ${activities.id} as id, ${activities.date} as date, ${activities.type} as type,
           ${activities.notes} as notes, ${activities.description} as description, null as completed, null as request,
           null as answered, null as answer_notes, null as answer_date, null as prayed_count, null as from_status, null as to_status
      from ${activities} where ${and(eq(activities.contactId, contactId), canRead(activities, who))}
    union all
    select 'followUp', ${followUps.id}, ${followUps.date}, ${followUps.type}, null, ${followUps.description}, ${followUps.completed},
           null, null, null, null, null, null, null
      from ${followUps} where ${and(eq(followUps.contactId, contactId), canRead(followUps, who))}
    union all
    select 'prayer', ${prayerRequests.id}, ${prayerRequests.date}, null, null, null, null, ${prayerRequests.request},
           ${prayerRequests.answered}, ${prayerRequests.answerNotes}, ${prayerRequests.answerDate}, ${prayerRequests.prayedCount}, null, null
      from ${prayerRequests} where ${and(eq(prayerRequests.contactId, contactId), canRead(prayerRequests, who))}
    union all
    select 'status', ${contactStatusChanges.id}, ${contactStatusChanges.changedAt}, null, null, null, null, null, null, null, null, null,
           ${contactStatusChanges.fromStatus}, ${contactStatusChanges.toStatus}
      from ${contactStatusChanges} where ${eq(contactStatusChanges.contactId, contactId)}
    )
    where ${afterTimelineCursor(page.cursor)}
    order by date desc, kind asc, id desc
    limit ${limit + 1}
  `);
  const items = rows.slice(0, limit).map(itemOf);
  const hasMore = rows.length > limit;
  return { journey, items, hasMore, nextCursor: hasMore ? cursorOf(items[items.length - 1]) : null };
}
