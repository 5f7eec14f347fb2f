// Prayer request inputs (SPEC §5): request and date required, answer date optional; the person prayed for and the
// prayer list it is in are optional (issue 50 §5).
import { z } from 'zod';
import { fmt, msg } from '../i18n';
import { prayerSections } from '../lists';
import {
  booleanFlag,
  dateInput,
  id,
  idempotencyKeyInput,
  LIMITS,
  optionalText,
  pageFields,
  requiredText,
  sameContactId,
  teamFilter,
  teamIdInput,
} from './common';

const request = requiredText(msg('Prayer request is required'), LIMITS.longText, msg('Prayer request'));
const answerDate = dateInput().nullish();

/** The user's own prayer list a request is in; null: none. */
const listId = id.nullish();

export const prayerCreateInput = z.strictObject({
  /** The person prayed for; without one, a request about no one person ("our city"), in `teamId`'s team or personal. */
  contactId: id.nullish(),
  listId,
  request,
  date: dateInput().optional(),
  answered: z.boolean().default(false),
  answerNotes: optionalText(LIMITS.longText, msg('Answer notes')),
  answerDate,
  teamId: teamIdInput,
  idempotencyKey: idempotencyKeyInput,
});

export const prayerUpdateInput = z.strictObject({
  id,
  // The one it has (none: null) may be sent back; another is refused (CONTACT_STAYS).
  contactId: sameContactId.or(z.null()),
  listId,
  request: request.optional(),
  date: dateInput().optional(),
  answered: z.boolean().optional(),
  answerNotes: optionalText(LIMITS.longText, msg('Answer notes')).optional(),
  answerDate,
});

/** The journal's tab counts, over the list's "Mine / team X" filter. */
export const prayerCountsInput = z.object({ team: teamFilter }).optional();

/** List filters: `answered` narrows to one tab (newest first by date); `section` to one tab in the screen's order. */
export const prayerListInput = z
  .object({
    ...pageFields,
    team: teamFilter,
    answered: booleanFlag.optional(),
    /** One of the user's own prayer lists: its requests (the journal's `?list=`). */
    list: id.optional(),
    section: z.enum(prayerSections, { error: fmt('Section must be one of {sections}', { sections: prayerSections.join(', ') }) }).optional(),
  })
  .refine((v) => !v.section || v.answered === undefined, { message: msg('Give either section or answered, not both'), path: ['section'] })
  .optional();

/** The most answered requests a team's good news shows (issue 51 §5). */
const GOOD_NEWS_MOST = 20;
/** A team's good news: its latest answered requests, `limit` of them (5 unless said, at most GOOD_NEWS_MOST). */
export const teamGoodNewsInput = z.strictObject({
  teamId: id,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(GOOD_NEWS_MOST, fmt('At most {most} answered requests at once', { most: GOOD_NEWS_MOST }))
    .default(5),
});

/** 'I prayed' on a request; the offline outbox sends it with its key, so a replay after a lost answer counts once. */
export const prayInput = z.strictObject({ id, idempotencyKey: idempotencyKeyInput });
