// Inputs of Pray today (issue 16): the caller's day, and how many requests the list holds.
import { z } from 'zod';
import { fmt, msg } from '../i18n';
import { PRAY_TODAY_MAX } from '../nudges';
import { dateInput } from './common';

const HOUR = 3_600_000;

/**
 * `todayStart`: when the caller's day began (their local midnight), as the follow-up lists take it; without it, the day
 * in the time zone of the user's reminder settings (UTC when none). A local day began at most 26 hours ago; a little
 * more either way is allowed for a device's clock, anything further is not today.
 */
export const prayTodayInput = z
  .object({ todayStart: dateInput().optional() })
  .superRefine((v, ctx) => {
    if (!v.todayStart) return;
    const offset = Date.now() - v.todayStart.getTime();
    if (offset > 48 * HOUR || offset < -24 * HOUR)
      ctx.addIssue({ code: 'custom', message: msg('todayStart must be the start of the current day'), path: ['todayStart'] });
  })
  .optional();

const countMessage = fmt('Count must be a whole number from 1 to {max}', { max: PRAY_TODAY_MAX });

export const prayTodayCountInput = z.strictObject({
  count: z.number({ error: countMessage }).int(countMessage).min(1, countMessage).max(PRAY_TODAY_MAX, countMessage),
});
