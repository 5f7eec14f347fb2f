// Inputs of the reminder settings (issue 16: Settings → Reminders, GET/PUT /api/account/reminders).
import { z } from 'zod';
import { msg } from '../i18n';
import { timeZoneName } from './common';

const flag = z.boolean({ error: msg('Must be true or false') });

/** Fields left out stay as they are. */
export const remindersUpdateInput = z
  .object({
    remindersOn: flag,
    hour: z
      .number({ error: msg('Hour must be a whole number from 0 to 23') })
      .int(msg('Hour must be a whole number from 0 to 23'))
      .min(0, msg('Hour must be a whole number from 0 to 23'))
      .max(23, msg('Hour must be a whole number from 0 to 23')),
    timeZone: timeZoneName(),
    byEmail: flag,
    byPush: flag,
    includeFollowUps: flag,
    includeAttention: flag,
    includePrayers: flag,
    discreet: flag,
  })
  .partial()
  .strict();
