// Inputs of a person's important dates (issue 50 §6) and the dashboard's upcoming dates.
import { z } from 'zod';
import { fmt, msg } from '../i18n';
import { calendarDayParts, CONTACT_DATE_LABEL_MAX, DATES_AHEAD_MAX } from '../contactDates';
import { contactDateKinds } from '../vocabulary';
import { id, requiredText } from './common';

const INVALID_DAY = msg('Date must be a calendar day written YYYY-MM-DD');

/** A calendar day 'YYYY-MM-DD' that exists (29 February only in a leap year), from 1900 to 2200. */
export const calendarDay = z
  .string({ error: INVALID_DAY })
  .trim()
  .refine((text) => calendarDayParts(text) !== null, INVALID_DAY);

export const contactDateAddInput = z.strictObject({
  id,
  label: requiredText(msg('Label is required'), CONTACT_DATE_LABEL_MAX, msg('Label')),
  date: calendarDay,
  yearly: z.boolean({ error: msg('Yearly must be true or false') }).default(true),
  kind: z.enum(contactDateKinds, { error: msg('Unknown kind of date') }).default('other'),
});

export const contactDateRemoveInput = z.strictObject({ id, dateId: id });

/** The reader's today (their own time zone's calendar day); the server's UTC day without one. */
export const upcomingDatesInput = z.object({ today: calendarDay.optional() }).optional();

const DAYS_AHEAD_MESSAGE = fmt('Days ahead must be a whole number from {min} to {max}', { min: 0, max: DATES_AHEAD_MAX });
export const datesAheadDays = z
  .number({ error: DAYS_AHEAD_MESSAGE })
  .int(DAYS_AHEAD_MESSAGE)
  .min(0, DAYS_AHEAD_MESSAGE)
  .max(DATES_AHEAD_MAX, DAYS_AHEAD_MESSAGE);
