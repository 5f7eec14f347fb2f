// Quick search: a few contacts, activities, prayer requests, follow-ups, goals, tags and faith milestones whose text
// contains what was typed (issue 50 §8), each kind capped.
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Queryable } from '../../db/client';
import { activities, contactMilestones, contacts, followUps, goals, prayerRequests, tags, teamMembers } from '../../db/schema';
import { canRead, readableContactName, readableParts, type Authority, type OwnedTable } from '../access';
import { quickSearchInput } from '../../shared/schemas/search';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { foldText } from '../../shared/fold';
import { contactMatches, keyContains, keyStartsWith } from '../queries/matching';
import { translate } from '../i18n';
import { milestoneKinds, milestoneLabels } from '../../shared/vocabulary';
import type { Locale } from '../../shared/i18n';
import { notArchived } from '../queries/archive';

/**
 * The ids of the first `limit` readable rows matching `filter` in `order`: each part of the reader's rule
 * (access.ts readableParts: own rows, each team's) picks its own through an index that holds the search key (db/schema.ts
 * *_search_idx, *_name_key_idx), so the scan reads index entries and never a row; only the few found are read whole.
 */
function firstMatches(table: SQLiteTable & OwnedTable, who: Authority, filter: SQL, order: SQL[], limit: number, [ownIndex, teamIndex]: [string, string]): SQL {
  // Named (INDEXED BY): SQLite's planner weighs the narrower (owner, date) index the same and would read every row.
  // readableParts gives the user's own rows first, then team rows.
  const parts = readableParts(table, who).map(
    (part, i) =>
      sql`select id from (select ${table.id} as id from ${table} indexed by ${sql.raw(i === 0 ? ownIndex : teamIndex)} where ${and(part, filter)} order by ${sql.join(order, sql`, `)} limit ${limit})`,
  );
  return sql`${table.id} in (${sql.join(parts, sql` union all `)})`;
}

/** The quick search's three queries (their plans are checked in tests/api/folded-search.test.ts). */
export function quickSearchQueries(db: Queryable, who: Authority, q: string, limit: number, includeArchived = false) {
  const term = foldText(q);
  // Archived contacts (issue 50 §7) only when asked for: archived_at is read from the row of a contact whose key matched.
  const contactFilter = includeArchived ? contactMatches(q) : and(contactMatches(q), notArchived)!;
  const contactOrder = [desc(keyStartsWith(contacts.nameKey, term)), asc(contacts.nameKey), asc(contacts.id)];
  const newestFirst = (table: typeof activities | typeof prayerRequests) => [desc(table.date), desc(table.id)];
  return [
    db
      .select({
        kind: sql<'contact'>`'contact'`,
        id: contacts.id,
        name: contacts.name,
        spiritualStatus: contacts.spiritualStatus,
        archived: sql<boolean>`${contacts.archivedAt} is not null`.mapWith(Boolean),
      })
      .from(contacts)
      .where(firstMatches(contacts, who, contactFilter, contactOrder, limit, ['contacts_owner_name_key_idx', 'contacts_team_name_key_idx']))
      .orderBy(...contactOrder)
      .limit(limit),
    db
      .select({
        kind: sql<'activity'>`'activity'`,
        id: activities.id,
        type: activities.type,
        date: activities.date,
        notes: activities.notes,
        description: activities.description,
        contactName: readableContactName(who),
      })
      .from(activities)
      .innerJoin(contacts, eq(contacts.id, activities.contactId))
      .where(
        firstMatches(activities, who, keyContains(activities.searchKey, term), newestFirst(activities), limit, [
          'activities_owner_search_idx',
          'activities_team_search_idx',
        ]),
      )
      .orderBy(...newestFirst(activities))
      .limit(limit),
    db
      .select({
        kind: sql<'prayerRequest'>`'prayerRequest'`,
        id: prayerRequests.id,
        request: prayerRequests.request,
        contactName: readableContactName(who),
        answered: prayerRequests.answered,
      })
      .from(prayerRequests)
      // A request may name no one (issue 50 §5): its contact's name is then null.
      .leftJoin(contacts, eq(contacts.id, prayerRequests.contactId))
      .where(
        firstMatches(prayerRequests, who, keyContains(prayerRequests.searchKey, term), newestFirst(prayerRequests), limit, [
          'prayer_requests_owner_search_idx',
          'prayer_requests_team_search_idx',
        ]),
      )
      .orderBy(...newestFirst(prayerRequests))
      .limit(limit),
  ] as const;
}

/** The milestone kinds whose name, in the reader's language or in English, contains the folded term ('bautizado', 'baptized'). */
function milestonesNamed(term: string, locale: Locale) {
  return milestoneKinds.filter((kind) => [milestoneLabels[kind], translate(locale, milestoneLabels[kind])].some((label) => foldText(label).includes(term)));
}

interface MoreKinds {
  q: string;
  limit: number;
  includeArchived: boolean;
  locale: Locale;
}

/** Follow-ups, goals, tags and faith milestones matching the text (issue 50 §8), at most `limit` of each. */
async function moreKinds(db: Queryable, who: Authority, { q, limit, includeArchived, locale }: MoreKinds) {
  const term = foldText(q);
  const followUpOrder = [desc(followUps.date), desc(followUps.id)];
  const goalOrder = [desc(goals.createdAt), desc(goals.id)];
  const kinds = milestonesNamed(term, locale);
  const [followUpRows, goalRows, tagRows, milestoneRows] = await Promise.all([
    // Their keys (migration 0030) searched as activities' are: only the few found are read whole.
    db
      .select({
        id: followUps.id,
        type: followUps.type,
        date: followUps.date,
        description: followUps.description,
        completed: followUps.completed,
        contactName: readableContactName(who),
      })
      .from(followUps)
      .innerJoin(contacts, eq(contacts.id, followUps.contactId))
      .where(
        firstMatches(followUps, who, keyContains(followUps.searchKey, term), followUpOrder, limit, [
          'follow_ups_owner_search_idx',
          'follow_ups_team_search_idx',
        ]),
      )
      .orderBy(...followUpOrder)
      .limit(limit),
    db
      .select({ id: goals.id, title: goals.title, description: goals.description, completed: goals.completed })
      .from(goals)
      .where(firstMatches(goals, who, keyContains(goals.searchKey, term), goalOrder, limit, ['goals_owner_search_idx', 'goals_team_search_idx']))
      .orderBy(...goalOrder)
      .limit(limit),
    // A reader's tags (canRead's rows) are at most MAX_TAGS_PER_SPACE in each of their spaces, their keys stored. Written
    // with a plain `team_id is null`, which the personal tags' partial index is for, so each space is one index seek.
    db
      .select({ id: tags.id, name: tags.name, color: tags.color })
      .from(tags)
      .where(
        and(
          or(
            and(eq(tags.createdBy, who.userId), isNull(tags.teamId)),
            inArray(tags.teamId, db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, who.userId))),
          ),
          keyContains(tags.nameKey, term),
        ),
      )
      .orderBy(desc(keyStartsWith(tags.nameKey, term)), asc(tags.nameKey), asc(tags.id))
      .limit(limit),
    kinds.length === 0
      ? []
      : db
          .select({
            milestone: contactMilestones.kind,
            date: contactMilestones.date,
            contactId: contacts.id,
            contactName: contacts.name,
            archivedAt: contacts.archivedAt,
          })
          .from(contactMilestones)
          .innerJoin(contacts, eq(contacts.id, contactMilestones.contactId))
          .where(
            and(
              inArray(contactMilestones.kind, kinds),
              // Each part of the reader's rule seeks the milestones' own (owner or team, kind, date) index; the contact's rule decides.
              sql`(${sql.join(
                readableParts(contactMilestones, who).map((part) => sql`(${part})`),
                sql` or `,
              )})`,
              canRead(contacts, who),
              includeArchived ? undefined : notArchived,
            ),
          )
          .orderBy(desc(contactMilestones.date), asc(contacts.id))
          .limit(limit),
  ]);
  return {
    followUps: followUpRows.map((row) => ({ kind: 'followUp' as const, ...row })),
    goals: goalRows.map((row) => ({ kind: 'goal' as const, ...row })),
    tags: tagRows.map((row) => ({ kind: 'tag' as const, ...row })),
    milestones: milestoneRows.map(({ archivedAt, ...row }) => ({ kind: 'milestone' as const, ...row, archived: archivedAt !== null })),
  };
}

export const searchRouter = router({
  /**
   * Each kind searched in its folded key among the rows the caller may read (docs/decisions/008: a scan of the user's
   * own rows is fast enough at the sizes Sower sees), so 'ramon' finds 'Ramón'. Contacts whose name starts with the
   * text come first, then by name; activities and prayers newest first; follow-ups by date, latest first; goals newest
   * first; tags by name; milestones (the contacts with a milestone whose name holds the text) latest first.
   */
  quick: protectedProcedure
    .input(quickSearchInput)
    .output(answer(answers.quickSearch))
    .query(async ({ ctx, input }) => {
      const includeArchived = input.includeArchived ?? false;
      const [[foundContacts, foundActivities, foundPrayers], more] = await Promise.all([
        Promise.all(quickSearchQueries(ctx.database.read, ctx.authority, input.q, input.limit, includeArchived)),
        moreKinds(ctx.database.read, ctx.authority, { q: input.q, limit: input.limit, includeArchived, locale: ctx.locale }),
      ]);
      return { contacts: foundContacts, activities: foundActivities, prayers: foundPrayers, ...more };
    }),
});
