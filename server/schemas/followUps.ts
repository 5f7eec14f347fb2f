// Follow-up inputs (SPEC §5): date and description required.
import { z } from 'zod';
import { followUpTypeSchema } from './activities';
import { booleanFlag, dateInput, id, LIMITS, pageFields, requiredText, teamIdInput } from './common';

export const followUpCreateInput = z.object({
  contactId: id,
  date: dateInput(),
  type: followUpTypeSchema.default('phone'),
  description: requiredText('Description is required', LIMITS.description, 'Description'),
  completed: z.boolean().default(false),
  teamId: teamIdInput,
});

export const followUpUpdateInput = z.object({
  id,
  date: dateInput().optional(),
  type: followUpTypeSchema.optional(),
  description: requiredText('Description is required', LIMITS.description, 'Description').optional(),
  completed: z.boolean().optional(),
});

export const followUpListInput = z.object({ ...pageFields, completed: booleanFlag.optional() }).optional();
