// Follow-up inputs (SPEC §5): date and description required.
import { z } from 'zod';
import { fmt, msg } from '../i18n';
import { followUpScopes, followUpSections } from '../lists';
import { repeatBases, repeatUnits, SNOOZE_MAX_DAYS } from '../nudges';
import { followUpTypeSchema } from './activities';
import {
  booleanFlag,
  dateInput,
  id,
  idempotencyKeyInput,
  LIMITS,
  pageFields,
  requiredText,
  sameContactId,
  teamFilter,
  teamIdInput,
  timeZoneInput,
} from './common';

/** The longest interval a follow-up can repeat at, in its unit. */
export const REPEAT_EVERY_MAX = 365;

const everyMessage = fmt('Repeat every must be a whole number from 1 to {max}', { max: REPEAT_EVERY_MAX });

/** How a follow-up repeats, or null for not at all. */
export const repeatInput = z
  .object({
    every: z.number({ error: everyMessage }).int(everyMessage).min(1, everyMessage).max(REPEAT_EVERY_MAX, everyMessage),
    unit: z.enum(repeatUnits, { error: fmt('Repeat unit must be one of {units}', { units: repeatUnits.join(', ') }) }),
    from: z.enum(repeatBases, { error: fmt('Repeat from must be one of {bases}', { bases: repeatBases.join(', ') }) }),
  })
  .strict()
  .nullable();

const scopeInput = z.enum(followUpScopes, { error: fmt('Scope must be one of {scopes}', { scopes: followUpScopes.join(', ') }) }).default('one');

export const followUpCreateInput = z.strictObject({
  contactId: id,
  date: dateInput(),
  type: followUpTypeSchema.default('phone'),
  description: requiredText(msg('Description is required'), LIMITS.description, msg('Description')),
  completed: z.boolean().default(false),
  teamId: teamIdInput,
  repeat: repeatInput.default(null),
  timeZone: timeZoneInput,
  idempotencyKey: idempotencyKeyInput,
});

export const followUpUpdateInput = z.strictObject({
  id,
  contactId: sameContactId,
  date: dateInput().optional(),
  type: followUpTypeSchema.optional(),
  description: requiredText(msg('Description is required'), LIMITS.description, msg('Description')).optional(),
  completed: z.boolean().optional(),
  repeat: repeatInput.optional(),
  scope: scopeInput,
  timeZone: timeZoneInput,
});

export const followUpCompleteInput = z.strictObject({ id, timeZone: timeZoneInput });

/** One follow-up as an .ics file, on its day in the browser's `timeZone` (else the saved zone, else UTC). */
export const followUpIcsInput = z.strictObject({ id, timeZone: timeZoneInput });

export const followUpRemoveInput = z.strictObject({ id, scope: scopeInput });

const snoozeMessage = fmt('Snooze until must be in the future and at most {days} days away', { days: SNOOZE_MAX_DAYS });

/** A new date for a pending follow-up, from now to SNOOZE_MAX_DAYS ahead (checked against the clock when it runs). */
export const followUpSnoozeInput = z.strictObject({
  id,
  until: dateInput(msg('Snooze until is required')).refine((until) => {
    const now = Date.now();
    return until.getTime() > now && until.getTime() <= now + SNOOZE_MAX_DAYS * 24 * 60 * 60 * 1000;
  }, snoozeMessage),
});

/** The screen's tab counts, over the list's "Mine / team X" filter. */
export const followUpCountsInput = z.object({ team: teamFilter }).optional();

/**
 * List filters: `completed` narrows to one tab; `section` to one group of the screen, in that group's order. Which
 * day is "today" depends on the caller's time zone, so the pending groups take the caller's own day boundaries.
 */
export const followUpListInput = z
  .object({
    ...pageFields,
    team: teamFilter,
    completed: booleanFlag.optional(),
    section: z.enum(followUpSections, { error: fmt('Section must be one of {sections}', { sections: followUpSections.join(', ') }) }).optional(),
    todayStart: dateInput().optional(),
    tomorrowStart: dateInput().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.section && v.completed !== undefined) ctx.addIssue({ code: 'custom', message: msg('Give either section or completed, not both'), path: ['section'] });
    if (v.section && v.section !== 'completed') {
      for (const field of ['todayStart', 'tomorrowStart'] as const) {
        if (!v[field])
          ctx.addIssue({ code: 'custom', message: fmt('{field} is required for the {section} section', { field, section: v.section }), path: [field] });
      }
    }
    if (v.todayStart && v.tomorrowStart && v.tomorrowStart <= v.todayStart) {
      ctx.addIssue({ code: 'custom', message: msg('tomorrowStart must be after todayStart'), path: ['tomorrowStart'] });
    }
  })
  .optional();
