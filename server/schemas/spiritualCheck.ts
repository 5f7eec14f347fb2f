// Input of the answer to 'Any changes spiritually?' (issue 16): the contact and their status now (the same one: no change).
import { z } from 'zod';
import { id } from './common';
import { spiritualStatusSchema } from './contacts';

export const spiritualCheckAnswerInput = z.object({ id, status: spiritualStatusSchema });
