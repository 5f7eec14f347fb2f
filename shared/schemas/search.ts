// Search inputs: the quick search box and the optional text filter of lists.
import { z } from 'zod';
import { fmt, msg } from '../i18n';
import { booleanFlag, limitField } from './common';

const SEARCH_MAX = 100;
const tooLong = fmt('Search text must be at most {max} characters', { max: SEARCH_MAX });

/** A list's text filter: blank means no filter. */
export const optionalSearchText = z
  .string()
  .trim()
  .max(SEARCH_MAX, tooLong)
  .optional()
  .transform((v) => v || undefined);

export const quickSearchInput = z.object({
  q: z
    .string({ error: msg('Search text is required') })
    .trim()
    .min(1, msg('Search text is required'))
    .max(SEARCH_MAX, tooLong),
  limit: limitField(20).default(5),
  /** Archived contacts (issue 50 §7) among the contacts and milestones found: left out unless true. */
  includeArchived: booleanFlag.optional(),
});
