// The words a list's screen and its procedure agree on: the groups each screen reads apart, the orders, which rows of a
// series a change reaches, and which lists the tallies count. Free of zod and database imports, like shared/vocabulary.ts.

/** The groups of the Follow-ups screen (SPEC: Overdue, Today, Upcoming under Pending; Completed), each read apart. */
export const followUpSections = ['overdue', 'today', 'upcoming', 'completed'] as const;
export type FollowUpSection = (typeof followUpSections)[number];

/** Which follow-ups of a series an edit or a delete applies to: this one, or this one and the series' later pending ones. */
export const followUpScopes = ['one', 'series'] as const;
export type FollowUpScope = (typeof followUpScopes)[number];

/** The tabs of the Prayer Journal, each read apart in its own order. */
export const prayerSections = ['active', 'answered'] as const;
export type PrayerSection = (typeof prayerSections)[number];

/** The contact list's orders: by name; by last contact, longest ago (and never) first; by next follow-up, soonest first. */
export const contactSorts = ['name', 'lastContact', 'nextFollowUp'] as const;
export type ContactSort = (typeof contactSorts)[number];

/** The lists whose rows the triggers count per author, team and kind (db/migrations/0002). */
export const tallyEntities = ['activity', 'contact', 'follow_up', 'prayer'] as const;

/** The lists whose new rows the triggers count per day (db/migrations/0003). */
export const dailyTallyEntities = ['activity', 'contact', 'prayer'] as const;
