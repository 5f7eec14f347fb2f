// Inputs of 'Any changes spiritually?' (issues 16, 28): the contact, with the browser's zone (where the day of the last
// status change is read); the answer adds their status now (the same one: no change).
import { z } from 'zod';
import { id, timeZoneInput } from './common';
import { spiritualStatusSchema } from './contacts';

export const spiritualCheckInput = z.object({ id, timeZone: timeZoneInput });

export const spiritualCheckAnswerInput = z.strictObject({ id, status: spiritualStatusSchema, timeZone: timeZoneInput });
