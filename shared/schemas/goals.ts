// Goal inputs (SPEC §5): title, description, type, target at least 1, deadline; progress at least 0; an optional start.
import { z } from 'zod';
import { fmt, msg } from '../i18n';
import { goalKinds } from '../vocabulary';
import { dateInput, id, LIMITS, requiredText, teamIdInput } from './common';

/** SPEC §3's goal types, or a faith milestone (issue 50). */
export const goalTypeSchema = z.enum(goalKinds, { error: msg('Type is required') });

const targetCount = z.coerce
  .number({ error: msg('Target must be at least 1') })
  .int(msg('Target must be a whole number'))
  .min(1, msg('Target must be at least 1'))
  .max(LIMITS.count, fmt('Target must be at most {max}', { max: LIMITS.count }));
const currentCount = z.coerce
  .number({ error: msg('Progress must be at least 0') })
  .int(msg('Progress must be a whole number'))
  .min(0, msg('Progress must be at least 0'))
  .max(LIMITS.count, fmt('Progress must be at most {max}', { max: LIMITS.count }));

const goalFields = {
  title: requiredText(msg('Title is required'), LIMITS.title, msg('Title')),
  description: requiredText(msg('Description is required'), LIMITS.description, msg('Description')),
  type: goalTypeSchema,
  targetCount,
  deadline: dateInput(msg('Deadline is required')),
};

/** The first day a goal counts; none means the day it is created. */
const startsOn = dateInput(msg('Start date is required')).nullish();
export const START_AFTER_DEADLINE = msg('Start date must be on or before the deadline');

/** The one rule of a goal's period, checked by the create schema, the update (against the saved row) and the edit form. */
export function startsAfterDeadline(startsOn: Date | null | undefined, deadline: Date | null | undefined) {
  return Boolean(startsOn && deadline && startsOn > deadline);
}

/** Left out, progress is counted from the activities alone; given, it is what the goal shows now (an adjustment). */
export const goalCreateInput = z
  .strictObject({
    ...goalFields,
    startsOn,
    currentCount: currentCount.optional(),
    completed: z.boolean().default(false),
    teamId: teamIdInput,
  })
  .refine((g) => !startsAfterDeadline(g.startsOn, g.deadline), { path: ['startsOn'], message: START_AFTER_DEADLINE });

export const goalUpdateInput = z.strictObject({
  id,
  title: goalFields.title.optional(),
  description: goalFields.description.optional(),
  type: goalTypeSchema.optional(),
  targetCount: targetCount.optional(),
  deadline: goalFields.deadline.optional(),
  startsOn,
  currentCount: currentCount.optional(),
  completed: z.boolean().optional(),
});
