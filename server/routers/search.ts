// Quick search: a few contacts, activities and prayer requests whose text contains what was typed.
import { and, asc, desc, eq } from 'drizzle-orm';
import { activities, contacts, prayerRequests } from '../../db/schema';
import { canRead } from '../access';
import { quickSearchInput } from '../schemas/search';
import { protectedProcedure, router } from '../trpc';
import { foldText } from '../../shared/fold';
import { contactMatches, keyContains, keyStartsWith } from './matching';

export const searchRouter = router({
  /**
   * Each kind searched in its folded key among the rows the caller may read (docs/decisions/008: a scan of the user's
   * own rows is fast enough at the sizes Sower sees), so 'ramon' finds 'Ramón'. Contacts whose name starts with the
   * text come first, then by name; activities and prayers newest first.
   */
  quick: protectedProcedure.input(quickSearchInput).query(async ({ ctx, input }) => {
    const { q, limit } = input;
    const who = ctx.authority;
    const db = ctx.database.read;
    const term = foldText(q);
    const startsWith = keyStartsWith(contacts.nameKey, term);
    const [foundContacts, foundActivities, foundPrayers] = await Promise.all([
      db
        .select({ id: contacts.id, name: contacts.name, spiritualStatus: contacts.spiritualStatus })
        .from(contacts)
        .where(and(canRead(contacts, who), contactMatches(q)))
        .orderBy(desc(startsWith), asc(contacts.nameKey), asc(contacts.id))
        .limit(limit),
      db
        .select({ id: activities.id, type: activities.type, date: activities.date, notes: activities.notes, description: activities.description, contactName: contacts.name })
        .from(activities)
        .innerJoin(contacts, eq(contacts.id, activities.contactId))
        .where(and(canRead(activities, who), keyContains(activities.searchKey, term)))
        .orderBy(desc(activities.date), desc(activities.id))
        .limit(limit),
      db
        .select({ id: prayerRequests.id, request: prayerRequests.request, contactName: contacts.name, answered: prayerRequests.answered })
        .from(prayerRequests)
        .innerJoin(contacts, eq(contacts.id, prayerRequests.contactId))
        .where(and(canRead(prayerRequests, who), keyContains(prayerRequests.searchKey, term)))
        .orderBy(desc(prayerRequests.date), desc(prayerRequests.id))
        .limit(limit),
    ]);
    return { contacts: foundContacts, activities: foundActivities, prayers: foundPrayers };
  }),
});
