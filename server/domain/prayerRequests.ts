// A prayer request's row as its list, activity logging and the account's export read it.
import { sql } from 'drizzle-orm';
import { prayerRequests } from '../../db/schema';
import { userOf, type Who } from '../access';
import { decoded } from '../queries/rows';
import * as answers from '../schemas/answers';

export const prayerColumns = answers.prayerRequestRow.columns;

/** The request's list (issue 50 §5), for its author only: another reader's lists are their own, so a teammate sees none. */
export const authorsListId = (who: Who) =>
  decoded(sql`case when ${prayerRequests.createdBy} = ${userOf(who)} then ${prayerRequests.listId} end`, (value) => (value === null ? null : Number(value)));
