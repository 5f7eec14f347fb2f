// Inputs of the needs-attention list, contact snoozes and the attention thresholds (issue 16).
import { z } from 'zod';
import { fmt, msg } from '../i18n';
import { ATTENTION_DAYS_MAX, ATTENTION_DAYS_MIN, SNOOZE_MAX_DAYS } from '../nudges';
import { spiritualStatuses, type SpiritualStatus } from '../vocabulary';
import { dateInput, id, pageFields } from './common';
import { datesAheadDays } from './contactDates';

export const attentionListInput = z.object(pageFields).optional();

const SNOOZE_IN_PAST = msg('Snooze until must be in the future');
const SNOOZE_TOO_FAR = fmt('Snooze until must be at most {max} days ahead', { max: SNOOZE_MAX_DAYS });

/** A snooze ends at an instant after now and at most SNOOZE_MAX_DAYS ahead (checked against the clock when parsed). */
export const snoozeInput = z.strictObject({
  id,
  until: dateInput(msg('Snooze until is required')).superRefine((until, ctx) => {
    const now = Date.now();
    if (until.getTime() <= now) ctx.addIssue({ code: 'custom', message: SNOOZE_IN_PAST });
    else if (until.getTime() > now + SNOOZE_MAX_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', message: SNOOZE_TOO_FAR });
  }),
});

const DAYS_MESSAGE = fmt('Days must be a whole number from {min} to {max}', { min: ATTENTION_DAYS_MIN, max: ATTENTION_DAYS_MAX });
const days = z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(ATTENTION_DAYS_MIN, DAYS_MESSAGE).max(ATTENTION_DAYS_MAX, DAYS_MESSAGE);

/** Some statuses' thresholds in days (statuses left out keep theirs), and how many days ahead the dashboard shows important dates. */
export const attentionDaysInput = z
  .object({
    days: z
      .object(Object.fromEntries(spiritualStatuses.map((status) => [status, days])) as Record<SpiritualStatus, typeof days>)
      .partial()
      .strict(),
    datesAheadDays: datesAheadDays.optional(),
  })
  .strict();
