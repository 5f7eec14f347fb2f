// A contact's spiritual journey (every status change) and its timeline: activities, follow-ups, prayers, status changes and
// milestones in one list.
import { aboutPerson } from './activities';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import {
  activities,
  activityContacts,
  contactMilestones,
  contacts,
  contactStatusChanges,
  followUps,
  prayerRequests,
  users,
  type ActivityType,
  type FollowUpType,
  type SpiritualStatus,
} from '../../db/schema';
import type { MilestoneKind } from '../../shared/vocabulary';
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

/** Who wrote a timeline entry, as the team sees them (issue 30). */
type Author = { id: number; firstName: string; lastName: string };

export type TimelineItem =
  | {
      kind: 'activity';
      id: number;
      date: Date;
      type: ActivityType;
      notes: string | null;
      description: string | null;
      author: Author;
      with: { id: number; name: string }[];
    }
  | { kind: 'followUp'; id: number; date: Date; type: FollowUpType; description: string; completed: boolean; pending: boolean; author: Author }
  | {
      kind: 'prayer';
      id: number;
      date: Date;
      request: string;
      answered: boolean;
      answerNotes: string | null;
      answerDate: Date | null;
      prayedCount: number;
      author: Author;
    }
  | { kind: 'status'; id: number; date: Date; fromStatus: SpiritualStatus | null; toStatus: SpiritualStatus; author: Author | null }
  | { kind: 'milestone'; id: number; date: Date; milestone: MilestoneKind; author: Author | null };

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
  author_id: number | null;
  author_first_name: string | null;
  author_last_name: string | null;
  /** An activity's other people, the first person among them, as JSON [[id, name], …]: null when it has none but this one. */
  people: string | null;
}

/** The entry's author; an activity, follow-up or prayer always has one (created_by is not null, its user cascades). */
function authorOf(row: TimelineRow): Author | null {
  return row.author_id === null ? null : { id: Number(row.author_id), firstName: row.author_first_name ?? '', lastName: row.author_last_name ?? '' };
}

function itemOf(row: TimelineRow): TimelineItem {
  const author = authorOf(row);
  const base = { id: Number(row.id), date: new Date(Number(row.date)) };
  if (row.kind === 'status')
    return { kind: 'status', ...base, fromStatus: row.from_status as SpiritualStatus | null, toStatus: row.to_status as SpiritualStatus, author };
  if (row.kind === 'milestone') return { kind: 'milestone', ...base, milestone: row.type as MilestoneKind, author };
  // Only a status change or a milestone may have lost its author (changed_by, set_by are set null with its account).
  const written = { ...base, author: author! };
  switch (row.kind) {
    case 'activity':
      return {
        kind: 'activity',
        ...written,
        type: row.type as ActivityType,
        notes: row.notes,
        description: row.description,
        with: row.people === null ? [] : (JSON.parse(row.people) as [number, string][]).map(([id, name]) => ({ id, name })),
      };
    case 'followUp': {
      const completed = Boolean(row.completed);
      return { kind: 'followUp', ...written, type: row.type as FollowUpType, description: row.description ?? '', completed, pending: !completed };
    }
    case 'prayer':
      return {
        kind: 'prayer',
        ...written,
        request: row.request ?? '',
        answered: Boolean(row.answered),
        answerNotes: row.answer_notes,
        answerDate: row.answer_date === null ? null : new Date(Number(row.answer_date)),
        prayedCount: Number(row.prayed_count ?? 0),
      };
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

  // The authors are joined onto the page's items only, after the limit: one primary-key seek per item shown. So are an
  // activity's other people (issue 50 §4), the first person among them when this person is one of the others: only
  // those the reader may read, and only for an activity that has any (its count: one seek, and most have none).
  const rows = await db.all<TimelineRow>(sql`
    select page.*, ${users.id} as author_id, ${users.firstName} as author_first_name, ${users.lastName} as author_last_name,
      case when page.kind = 'activity' and (select ${activities.othersCount} from ${activities} where ${activities.id} = page.id) > 0 then (
        select json_group_array(json_array(${contacts.id}, ${contacts.name}) order by people.n, people.person) from (
          select ${activities.contactId} as person, 0 as n from ${activities} where ${activities.id} = page.id
          union all select ac.contact_id, 1 from ${activityContacts} ac where ac.activity_id = page.id) people
        join ${contacts} on ${contacts.id} = people.person where people.person <> ${contactId} and ${canRead(contacts, who)}) end as people
    from (
    select * from (
    select 'activity' as kind, ${activities.id} as id, ${activities.date} as date, ${activities.type} as type,
           ${activities.notes} as notes, ${activities.description} as description, null as completed, null as request,
           null as answered, null as answer_notes, null as answer_date, null as prayed_count, null as from_status, null as to_status,
           ${activities.createdBy} as author
      from ${activities} where ${and(aboutPerson(contactId), canRead(activities, who))}
    union all
    select 'followUp', ${followUps.id}, ${followUps.date}, ${followUps.type}, null, ${followUps.description}, ${followUps.completed},
           null, null, null, null, null, null, null, ${followUps.createdBy}
      from ${followUps} where ${and(eq(followUps.contactId, contactId), canRead(followUps, who))}
    union all
    select 'prayer', ${prayerRequests.id}, ${prayerRequests.date}, null, null, null, null, ${prayerRequests.request},
           ${prayerRequests.answered}, ${prayerRequests.answerNotes}, ${prayerRequests.answerDate}, ${prayerRequests.prayedCount}, null, null,
           ${prayerRequests.createdBy}
      from ${prayerRequests} where ${and(eq(prayerRequests.contactId, contactId), canRead(prayerRequests, who))}
    union all
    select 'status', ${contactStatusChanges.id}, ${contactStatusChanges.changedAt}, null, null, null, null, null, null, null, null, null,
           ${contactStatusChanges.fromStatus}, ${contactStatusChanges.toStatus}, ${contactStatusChanges.changedBy}
      from ${contactStatusChanges} where ${eq(contactStatusChanges.contactId, contactId)}
    union all
    select 'milestone', ${contactMilestones}.rowid, ${contactMilestones.date}, ${contactMilestones.kind}, null, null, null, null, null, null, null, null,
           null, null, ${contactMilestones.setBy}
      from ${contactMilestones} where ${eq(contactMilestones.contactId, contactId)}
    )
    where ${afterTimelineCursor(page.cursor)}
    order by date desc, kind asc, id desc
    limit ${limit + 1}
    ) as page left join ${users} on ${users.id} = page.author
    order by page.date desc, page.kind asc, page.id desc
  `);
  const items = rows.slice(0, limit).map(itemOf);
  const hasMore = rows.length > limit;
  return { journey, items, hasMore, nextCursor: hasMore ? cursorOf(items[items.length - 1]) : null };
}
