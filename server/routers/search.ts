// Quick search: a few contacts, activities and prayer requests whose text contains what was typed.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Queryable } from '../../db/client';
import { activities, contacts, prayerRequests } from '../../db/schema';
import { readableContactName, readableParts, type Authority, type OwnedTable } from '../access';
import { quickSearchInput } from '../../shared/schemas/search';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { foldText } from '../../shared/fold';
import { contactMatches, keyContains, keyStartsWith } from '../queries/matching';

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
export function quickSearchQueries(db: Queryable, who: Authority, q: string, limit: number) {
  const term = foldText(q);
  const contactOrder = [desc(keyStartsWith(contacts.nameKey, term)), asc(contacts.nameKey), asc(contacts.id)];
  const newestFirst = (table: typeof activities | typeof prayerRequests) => [desc(table.date), desc(table.id)];
  return [
    db
      .select({ id: contacts.id, name: contacts.name, spiritualStatus: contacts.spiritualStatus })
      .from(contacts)
      .where(firstMatches(contacts, who, contactMatches(q), contactOrder, limit, ['contacts_owner_name_key_idx', 'contacts_team_name_key_idx']))
      .orderBy(...contactOrder)
      .limit(limit),
    db
      .select({
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
      .select({ id: prayerRequests.id, request: prayerRequests.request, contactName: readableContactName(who), answered: prayerRequests.answered })
      .from(prayerRequests)
      .innerJoin(contacts, eq(contacts.id, prayerRequests.contactId))
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

export const searchRouter = router({
  /**
   * Each kind searched in its folded key among the rows the caller may read (docs/decisions/008: a scan of the user's
   * own rows is fast enough at the sizes Sower sees), so 'ramon' finds 'Ramón'. Contacts whose name starts with the
   * text come first, then by name; activities and prayers newest first.
   */
  quick: protectedProcedure
    .input(quickSearchInput)
    .output(answer(answers.quickSearch))
    .query(async ({ ctx, input }) => {
      const [foundContacts, foundActivities, foundPrayers] = await Promise.all(quickSearchQueries(ctx.database.read, ctx.authority, input.q, input.limit));
      return { contacts: foundContacts, activities: foundActivities, prayers: foundPrayers };
    }),
});
