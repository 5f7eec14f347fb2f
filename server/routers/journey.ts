// A contact's spiritual journey (every status change) and its timeline: activities, follow-ups, prayers and status changes in one list.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import {
  activities,
  contactStatusChanges,
  followUps,
  prayerRequests,
  type ActivityType,
  type FollowUpType,
  type SpiritualStatus,
} from '../../db/schema';
import { canRead } from '../access';

/** The timeline shows this many of the newest items; `hasMore` says when older ones were left out. */
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

/**
 * The journey (oldest first) and the newest TIMELINE_LIMIT timeline items of a contact the caller may read.
 * Each record kind is filtered by its own read rule: a teammate's private activity about a shared contact stays
 * private. One UNION ALL query, sorted and cut in SQL.
 */
export async function contactHistory(db: Queryable, contactId: number, userId: number) {
  const journey = await db
    .select({ id: contactStatusChanges.id, fromStatus: contactStatusChanges.fromStatus, toStatus: contactStatusChanges.toStatus, changedAt: contactStatusChanges.changedAt })
    .from(contactStatusChanges)
    .where(eq(contactStatusChanges.contactId, contactId))
    .orderBy(asc(contactStatusChanges.changedAt), asc(contactStatusChanges.id));

  const rows = await db.all<TimelineRow>(sql`
    select 'activity' as kind, ${activities.id} as id, ${activities.date} as date, ${activities.type} as type,
           ${activities.notes} as notes, ${activities.description} as description, null as completed, null as request,
           null as answered, null as answer_notes, null as answer_date, null as prayed_count, null as from_status, null as to_status
      from ${activities} where ${and(eq(activities.contactId, contactId), canRead(activities, userId))}
    union all
    select 'followUp', ${followUps.id}, ${followUps.date}, ${followUps.type}, null, ${followUps.description}, ${followUps.completed},
           null, null, null, null, null, null, null
      from ${followUps} where ${and(eq(followUps.contactId, contactId), canRead(followUps, userId))}
    union all
    select 'prayer', ${prayerRequests.id}, ${prayerRequests.date}, null, null, null, null, ${prayerRequests.request},
           ${prayerRequests.answered}, ${prayerRequests.answerNotes}, ${prayerRequests.answerDate}, ${prayerRequests.prayedCount}, null, null
      from ${prayerRequests} where ${and(eq(prayerRequests.contactId, contactId), canRead(prayerRequests, userId))}
    union all
    select 'status', ${contactStatusChanges.id}, ${contactStatusChanges.changedAt}, null, null, null, null, null, null, null, null, null,
           ${contactStatusChanges.fromStatus}, ${contactStatusChanges.toStatus}
      from ${contactStatusChanges} where ${eq(contactStatusChanges.contactId, contactId)}
    order by date desc, id desc
    limit ${TIMELINE_LIMIT + 1}
  `);
  return { journey, items: rows.slice(0, TIMELINE_LIMIT).map(itemOf), hasMore: rows.length > TIMELINE_LIMIT };
}
