// Quick search: a few contacts, activities and prayer requests whose text contains what was typed.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { activities, contacts, prayerRequests } from '../../db/schema';
import { canRead } from '../access';
import { quickSearchInput } from '../schemas/search';
import { protectedProcedure, router } from '../trpc';
import { anyContains, contactMatches, prefixPattern } from './matching';

export const searchRouter = router({
  /**
   * Each kind searched by SQL LIKE among the rows the caller may read (docs/decisions/008: plain LIKE is fast enough
   * at the sizes Sower sees). Contacts whose name starts with the text come first, then by name; activities and
   * prayers newest first.
   */
  quick: protectedProcedure.input(quickSearchInput).query(async ({ ctx, input }) => {
    const { q, limit } = input;
    const who = ctx.authority;
    const db = ctx.database.read;
    const startsWith = sql`${contacts.name} like ${prefixPattern(q)} escape '\\'`;
    const [foundContacts, foundActivities, foundPrayers] = await Promise.all([
      db
        .select({ id: contacts.id, name: contacts.name, spiritualStatus: contacts.spiritualStatus })
        .from(contacts)
        .where(and(canRead(contacts, who), contactMatches(q)))
        .orderBy(desc(startsWith), asc(sql`lower(${contacts.name})`), asc(contacts.id))
        .limit(limit),
      db
        .select({ id: activities.id, type: activities.type, date: activities.date, notes: activities.notes, description: activities.description, contactName: contacts.name })
        .from(activities)
        .innerJoin(contacts, eq(contacts.id, activities.contactId))
        .where(and(canRead(activities, who), anyContains([activities.notes, activities.description], q)))
        .orderBy(desc(activities.date), desc(activities.id))
        .limit(limit),
      db
        .select({ id: prayerRequests.id, request: prayerRequests.request, contactName: contacts.name, answered: prayerRequests.answered })
        .from(prayerRequests)
        .innerJoin(contacts, eq(contacts.id, prayerRequests.contactId))
        .where(and(canRead(prayerRequests, who), anyContains([prayerRequests.request], q)))
        .orderBy(desc(prayerRequests.date), desc(prayerRequests.id))
        .limit(limit),
    ]);
    return { contacts: foundContacts, activities: foundActivities, prayers: foundPrayers };
  }),
});
