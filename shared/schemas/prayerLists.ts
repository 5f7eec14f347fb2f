// Prayer list inputs (issue 50 §5): a list's name and how many of its requests Pray today shows a day.
import { z } from 'zod';
import { fmt, msg } from '../i18n';
import { PRAY_TODAY_MAX } from '../nudges';
import { id, requiredText } from './common';

/** A list's name: short, one line, like a tag's. */
export const PRAYER_LIST_NAME_MAX = 40;
/** The most lists one person keeps: Pray today reads each of them every day. */
export const MAX_PRAYER_LISTS = 50;
/** A list shows 3 a day unless told otherwise (the column's default), at most as many as Pray today's own count. */
export const PER_DAY_DEFAULT = 3;

export const prayerListName = requiredText(msg('List name is required'), PRAYER_LIST_NAME_MAX, msg('List name')).refine((text) => !/[\r\n]/.test(text), {
  message: msg('A list name is one line'),
});
const perDayMessage = fmt('Requests a day must be a whole number from 1 to {max}', { max: PRAY_TODAY_MAX });
const perDay = z.number({ error: perDayMessage }).int(perDayMessage).min(1, perDayMessage).max(PRAY_TODAY_MAX, perDayMessage);

export const prayerListCreateInput = z.strictObject({ name: prayerListName, perDay: perDay.default(PER_DAY_DEFAULT) });
export const prayerListUpdateInput = z.strictObject({ id, name: prayerListName.optional(), perDay: perDay.optional() });
