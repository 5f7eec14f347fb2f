// Activity inputs, including the optional follow-up and prayer blocks of the one transactional create.
import { z } from 'zod';
import { activityTypes, followUpTypes } from '../../shared/vocabulary';
import { dateInput, id, LIMITS, optionalText, pageFields, requiredText, teamIdInput } from './common';

export const activityTypeSchema = z.enum(activityTypes, { error: 'Invalid activity type' });
export const followUpTypeSchema = z.enum(followUpTypes, { error: 'Invalid follow-up type' });

const contactName = z
  .string()
  .trim()
  .max(LIMITS.name, `Contact name must be at most ${LIMITS.name} characters`)
  .optional();

export const activityFollowUpBlock = z.object({
  date: dateInput(),
  type: followUpTypeSchema.default('phone'),
  description: optionalText(LIMITS.description, 'Description').transform((v) => v ?? 'Follow-up for activity'),
});

export const activityPrayerBlock = z.object({
  request: optionalText(LIMITS.longText, 'Prayer request').transform((v) => v ?? 'Prayer related to activity'),
});

export const activityCreateInput = z
  .object({
    type: activityTypeSchema.default('conversation'),
    date: dateInput().optional(),
    contactId: id.optional(),
    contactName,
    description: optionalText(LIMITS.description, 'Description'),
    notes: optionalText(LIMITS.longText, 'Notes'),
    teamId: teamIdInput,
    followUp: activityFollowUpBlock.nullish(),
    prayer: activityPrayerBlock.nullish(),
    /** Chosen by the client's offline outbox; a replay with the same key answers the first result again. */
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency key must be 8 to 100 letters, digits, - or _')
      .optional(),
  })
  .refine((v) => v.contactId !== undefined || (v.contactName ?? '').length > 0, {
    message: 'Contact name is required',
    path: ['contactName'],
  });

export const activityUpdateInput = z.object({
  id,
  type: activityTypeSchema.optional(),
  date: dateInput().optional(),
  contactId: id.optional(),
  contactName: requiredText('Contact name is required', LIMITS.name, 'Contact name').optional(),
  description: optionalText(LIMITS.description, 'Description').optional(),
  notes: optionalText(LIMITS.longText, 'Notes').optional(),
});

/** List filters: a type, one contact, and dates from (inclusive) to (exclusive), with the usual paging. */
export const activityListInput = z
  .object({ ...pageFields, type: activityTypeSchema.optional(), contactId: id.optional(), from: dateInput().optional(), to: dateInput().optional() })
  .refine((v) => !v.from || !v.to || v.from < v.to, { message: 'The end date must be after the start date', path: ['to'] })
  .optional();

