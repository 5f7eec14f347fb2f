// An activity's row with its contact's name, and the paged list of them, as the activities page, the dashboard and
// the account's export read them.
import { eq, gte, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { activities, contacts } from '../../db/schema';
import type { activityListInput } from '../../shared/schemas/activities';
import { readableContactName, type Who } from '../access';
import { definePagedList } from '../queries/paging';
import * as answers from '../schemas/answers';

/** An activity with its contact's name (when the reader may read the contact). */
export const activityColumns = (who: Who) => answers.activityRow.select({ contactName: readableContactName(who) });

type ActivityListInput = NonNullable<z.infer<typeof activityListInput>>;

/** The activities the user may read, newest first, filtered. */
export const activityList = definePagedList<ActivityListInput>()({
  table: activities,
  fields: activityColumns,
  select: (db, fields) => db.select(fields).from(activities).innerJoin(contacts, eq(contacts.id, activities.contactId)),
  values: ['type', 'contactId', 'from', 'to'],
  filters: (input) => [
    input.type !== undefined ? eq(activities.type, input.type) : undefined,
    input.contactId !== undefined ? eq(activities.contactId, input.contactId) : undefined,
    input.from !== undefined ? gte(activities.date, input.from) : undefined,
    input.to !== undefined ? lt(activities.date, input.to) : undefined,
  ],
  order: () => ({ key: activities.date, direction: 'desc' }),
});
