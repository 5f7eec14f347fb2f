// Activity inputs, including the optional follow-up and prayer blocks of the one transactional create.
import { z } from 'zod';
import { fmt, msg } from '../i18n';
import { activityTypes, followUpTypes } from '../vocabulary';
import { dateInput, id, idempotencyKeyInput, LIMITS, optionalText, pageFields, requiredText, teamFilter, teamIdInput, timeZoneInput } from './common';

export const activityTypeSchema = z.enum(activityTypes, { error: msg('Invalid activity type') });
export const followUpTypeSchema = z.enum(followUpTypes, { error: msg('Invalid follow-up type') });

const contactName = z
  .string()
  .trim()
  .max(LIMITS.name, fmt('{label} must be at most {max} characters', { label: msg('Contact name'), max: LIMITS.name }))
  .optional();

/** Left without a description or a request, the blocks are given a default one in the user's language (routers/activities.ts). */
export const activityFollowUpBlock = z.strictObject({
  date: dateInput(),
  type: followUpTypeSchema.default('phone'),
  description: optionalText(LIMITS.description, msg('Description')),
});

export const activityPrayerBlock = z.strictObject({
  request: optionalText(LIMITS.longText, msg('Prayer request')),
});

/** At most this many other people in one activity (issue 50 §4): a gathering, not a mailing list. */
export const MAX_ACTIVITY_PEOPLE = 20;

/** The other people of one activity: ids of contacts, the first person (contactId or the typed name) aside. */
const otherContactIds = z
  .array(id)
  .max(MAX_ACTIVITY_PEOPLE, fmt('At most {max} other people in one activity', { max: MAX_ACTIVITY_PEOPLE }))
  .transform((ids) => [...new Set(ids)]);

export const activityCreateInput = z
  .strictObject({
    type: activityTypeSchema.default('conversation'),
    date: dateInput().optional(),
    contactId: id.optional(),
    contactName,
    /** The other people who were there (issue 50 §4); the first person stays required as contactId or contactName. */
    contactIds: otherContactIds.optional(),
    description: optionalText(LIMITS.description, msg('Description')),
    notes: optionalText(LIMITS.longText, msg('Notes')),
    teamId: teamIdInput,
    followUp: activityFollowUpBlock.nullish(),
    prayer: activityPrayerBlock.nullish(),
    /** Where the user's days are, for 'Any changes spiritually?' in the answer (routers/spiritualCheck.ts). */
    timeZone: timeZoneInput,
    idempotencyKey: idempotencyKeyInput,
    /** SPEC's client sends the id of the activity it shows (none yet for a new one): taken, and not read; the row gets its own. */
    id: z.union([z.number(), z.string().max(100)]).nullish(),
  })
  .refine((v) => v.contactId !== undefined || (v.contactName ?? '').length > 0, {
    message: msg('Contact name is required'),
    path: ['contactName'],
  });

export const activityUpdateInput = z.strictObject({
  id,
  type: activityTypeSchema.optional(),
  date: dateInput().optional(),
  contactId: id.optional(),
  contactName: requiredText(msg('Contact name is required'), LIMITS.name, msg('Contact name')).optional(),
  /** Given, the whole set of the other people: one left out leaves the activity, which stays with the others. */
  contactIds: otherContactIds.optional(),
  description: optionalText(LIMITS.description, msg('Description')).optional(),
  notes: optionalText(LIMITS.longText, msg('Notes')).optional(),
});

/** List filters: a type, one contact, and dates from (inclusive) to (exclusive), with the usual paging. */
export const activityListInput = z
  .object({
    ...pageFields,
    team: teamFilter,
    type: activityTypeSchema.optional(),
    contactId: id.optional(),
    from: dateInput().optional(),
    to: dateInput().optional(),
  })
  .refine((v) => !v.from || !v.to || v.from < v.to, { message: msg('The end date must be after the start date'), path: ['to'] })
  .optional();
