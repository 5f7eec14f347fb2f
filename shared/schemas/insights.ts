// Inputs of the dashboard insight and the due count: day and week boundaries the browser computes in its own zone.
import { z } from 'zod';
import { fmt, msg } from '../i18n';
import { dateInput, teamFilter } from './common';

/** At most a year of weeks in one chart. */
export const MAX_WEEKS = 52;

/**
 * The start of each week and the end of the last, ascending: the browser computes them in the user's zone, so a
 * week starts at local midnight even across a daylight-saving change, which a fixed offset would get wrong.
 */
export const activityWeeksInput = z.object({
  /** The space (issue 48): 'mine' or one of the caller's teams; without it, every row the caller may read. */
  team: teamFilter,
  boundaries: z
    .array(dateInput(), { error: msg('Boundaries must be a list of dates') })
    .min(2, msg('Give at least the start and the end of one week'))
    .max(MAX_WEEKS + 1, fmt('At most {max} weeks', { max: MAX_WEEKS }))
    .refine((dates) => dates.every((date, i) => i === 0 || date > dates[i - 1]), msg('Boundaries must be in ascending order')),
});

/** The start of the user's tomorrow: pending follow-ups dated before it are overdue or due today. */
export const dueFollowUpsInput = z.object({ before: dateInput(), team: teamFilter });

/** Only the space, for the journey funnel: without it, every contact the caller may read. */
export const spaceInput = z.object({ team: teamFilter }).optional();

/**
 * A stretch of days for the milestones counted in it (issue 50): the browser sends the start of its month and of the next
 * in its own zone. At most a year and a day, so a count never reads more than a year of milestones.
 */
export const milestoneCountsInput = z
  .object({ team: teamFilter, from: dateInput(), to: dateInput() })
  .refine((range) => range.to > range.from, { path: ['to'], message: msg('The end must be after the start') })
  .refine((range) => range.to.getTime() - range.from.getTime() <= 367 * 86_400_000, { path: ['to'], message: msg('At most a year at once') });
