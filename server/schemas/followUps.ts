// Follow-up inputs (SPEC §5): date and description required.
import { z } from 'zod';
import { fmt, msg } from '../../shared/i18n';
import { followUpTypeSchema } from './activities';
import { booleanFlag, dateInput, id, LIMITS, pageFields, requiredText, teamIdInput } from './common';

export const followUpCreateInput = z.object({
  contactId: id,
  date: dateInput(),
  type: followUpTypeSchema.default('phone'),
  description: requiredText(msg('Description is required'), LIMITS.description, msg('Description')),
  completed: z.boolean().default(false),
  teamId: teamIdInput,
});

export const followUpUpdateInput = z.object({
  id,
  date: dateInput().optional(),
  type: followUpTypeSchema.optional(),
  description: requiredText(msg('Description is required'), LIMITS.description, msg('Description')).optional(),
  completed: z.boolean().optional(),
});

/** The groups of the Follow-ups screen (SPEC: Overdue, Today, Upcoming under Pending; Completed), each read apart. */
export const followUpSections = ['overdue', 'today', 'upcoming', 'completed'] as const;

/**
 * List filters: `completed` narrows to one tab; `section` to one group of the screen, in that group's order. Which
 * day is "today" depends on the caller's time zone, so the pending groups take the caller's own day boundaries.
 */
export const followUpListInput = z
  .object({
    ...pageFields,
    completed: booleanFlag.optional(),
    section: z.enum(followUpSections, { error: fmt('Section must be one of {sections}', { sections: followUpSections.join(', ') }) }).optional(),
    todayStart: dateInput().optional(),
    tomorrowStart: dateInput().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.section && v.completed !== undefined) ctx.addIssue({ code: 'custom', message: msg('Give either section or completed, not both'), path: ['section'] });
    if (v.section && v.section !== 'completed') {
      for (const field of ['todayStart', 'tomorrowStart'] as const) {
        if (!v[field]) ctx.addIssue({ code: 'custom', message: fmt('{field} is required for the {section} section', { field, section: v.section }), path: [field] });
      }
    }
    if (v.todayStart && v.tomorrowStart && v.tomorrowStart <= v.todayStart) {
      ctx.addIssue({ code: 'custom', message: msg('tomorrowStart must be after todayStart'), path: ['tomorrowStart'] });
    }
  })
  .optional();
