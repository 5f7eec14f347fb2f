// Prayer request inputs (SPEC §5): request and date required, answer date optional.
import { z } from 'zod';
import { booleanFlag, dateInput, id, LIMITS, optionalText, pageFields, requiredText, teamIdInput } from './common';

const request = requiredText('Prayer request is required', LIMITS.longText, 'Prayer request');
const answerDate = dateInput().nullish();

export const prayerCreateInput = z.object({
  contactId: id,
  request,
  date: dateInput().optional(),
  answered: z.boolean().default(false),
  answerNotes: optionalText(LIMITS.longText, 'Answer notes'),
  answerDate,
  teamId: teamIdInput,
});

export const prayerUpdateInput = z.object({
  id,
  request: request.optional(),
  date: dateInput().optional(),
  answered: z.boolean().optional(),
  answerNotes: optionalText(LIMITS.longText, 'Answer notes').optional(),
  answerDate,
});

export const prayerListInput = z.object({ ...pageFields, answered: booleanFlag.optional() }).optional();
