// Contact inputs (SPEC §3, §5): name required, email valid or empty, phone optional.
import { z } from 'zod';
import { fmt, msg } from '../i18n';
import { contactSorts } from '../lists';
import { archiveReasons, milestoneKinds, spiritualStatuses } from '../vocabulary';
import { booleanFlag, dateInput, id, idempotencyKeyInput, limitField, LIMITS, optionalText, pageFields, requiredText, teamFilter, teamIdInput } from './common';
import { optionalSearchText } from './search';
import { contactSourceInput, contactTagsInput, tagFilterInput, tagName } from './tags';

export const spiritualStatusSchema = z.enum(spiritualStatuses, { error: msg('Invalid spiritual status') });

export const contactEmail = z
  .string()
  .trim()
  .max(LIMITS.email, msg('Invalid email address'))
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.email(msg('Invalid email address')).nullable());

/** The bounds of a person's stay-in-touch rhythm, in days. */
export const STAY_IN_TOUCH_MIN = 1;
export const STAY_IN_TOUCH_MAX = 365;
const STAY_IN_TOUCH_MESSAGE = fmt('Stay in touch every must be a whole number of days from {min} to {max}', { min: STAY_IN_TOUCH_MIN, max: STAY_IN_TOUCH_MAX });

const contactFields = {
  name: requiredText(msg('Name is required'), LIMITS.name, msg('Name')),
  email: contactEmail,
  phone: optionalText(LIMITS.phone, msg('Phone')),
  spiritualStatus: spiritualStatusSchema.default('unknown'),
  notes: optionalText(LIMITS.longText, msg('Notes')),
  /** Issue 50: tags by name (made in the contact's space when new) and how the user met the person. */
  tags: contactTagsInput.optional(),
  source: contactSourceInput,
  /** Issue 50 §6: "stay in touch every N days", null (or left out) for no rhythm of the person's own. */
  stayInTouchDays: z
    .number({ error: STAY_IN_TOUCH_MESSAGE })
    .int(STAY_IN_TOUCH_MESSAGE)
    .min(STAY_IN_TOUCH_MIN, STAY_IN_TOUCH_MESSAGE)
    .max(STAY_IN_TOUCH_MAX, STAY_IN_TOUCH_MESSAGE)
    .nullable()
    .optional(),
};

export const contactCreateInput = z.strictObject({ ...contactFields, teamId: teamIdInput });

/**
 * The refusal of a field an update cannot change (`teamId`, `assignedTo`, anything unknown): it used to be ignored with a
 * 200, so a client believed a contact had moved into a team when it had not. The message names the paths that do it.
 */
export const UNCHANGEABLE_CONTACT_FIELD = fmt(
  'Only name, email, phone, spiritual status, notes, tags and source can be changed here: a contact moves to a team with {share} and back with {unshare}, and is assigned with {assign}',
  { share: 'POST /api/contacts/{id}/share', unshare: 'POST /api/contacts/{id}/unshare', assign: 'PUT /api/contacts/{id}/assignee' },
);

export const contactUpdateInput = z.strictObject(
  {
    id,
    name: contactFields.name.optional(),
    email: contactFields.email.optional(),
    phone: contactFields.phone.optional(),
    spiritualStatus: spiritualStatusSchema.optional(),
    notes: contactFields.notes.optional(),
    tags: contactFields.tags,
    source: contactFields.source.optional(),
    stayInTouchDays: contactFields.stayInTouchDays,
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? UNCHANGEABLE_CONTACT_FIELD : undefined) },
);

/** Moving one's own personal contact into a team (contacts.share). */
export const contactShareInput = z.strictObject({ id, teamId: id });

/** Assigning a team contact to a member of its team, or to nobody (contacts.assign). */
export const contactAssignInput = z.strictObject({ id, userId: id.nullable() });

/** The contact list's 'Assigned to me': the only person one may filter assignments by is oneself. */
const assignedToFilter = z.enum(['me'], { error: msg("Assigned to must be 'me'") });

/** What narrows the contact list and its count: text in name, email, phone or notes, a status, and 'Assigned to me'. */
/** A faith milestone's kind (issue 50): shared/vocabulary.ts milestoneKinds. */
export const milestoneKindSchema = z.enum(milestoneKinds, { error: msg('Unknown milestone') });

const contactFilterFields = {
  team: teamFilter,
  q: optionalSearchText,
  status: spiritualStatusSchema.optional(),
  assignedTo: assignedToFilter.optional(),
  /** Issue 50: only contacts carrying every one of these tags (by name, as the reader sees them). */
  tag: tagFilterInput,
  /** Issue 50 §7: the archived contacts only; without it, only those not archived. */
  archived: booleanFlag.optional(),
  /**
   * Issue 51 §1: the contacts with this faith milestone, or any (`any`), dated from `milestoneFrom` (inclusive) to
   * `milestoneTo` (exclusive) when given: the team dashboard's milestone numbers open them.
   */
  milestone: z.enum([...milestoneKinds, 'any'], { error: msg('Unknown milestone') }).optional(),
  milestoneFrom: dateInput().optional(),
  milestoneTo: dateInput().optional(),
};

export const contactListInput = z
  .object({
    ...pageFields,
    ...contactFilterFields,
    sort: z.enum(contactSorts, { error: msg('Sort must be name, lastContact or nextFollowUp') }).optional(),
  })
  .optional();
export const contactCountInput = z.object(contactFilterFields).optional();

/**
 * A timeline page: the items after `cursor`, the opaque position ('{date ms}:{kind}:{id}') the previous page
 * answered as `nextCursor`; without it, the newest items.
 */
export const contactTimelineInput = z.object({
  id,
  // A page of a person's story, not a whole list: the newest 200 by default and at most.
  limit: limitField(200).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,15}:(activity|followUp|prayer|status|milestone):\d{1,15}$/, msg('Invalid cursor'))
    .optional(),
});

/** A name to look for among the readable contacts by its folded key (contacts.sameName). */
export const contactSameNameInput = z.object({ name: contactFields.name });

/** Merging `duplicateId` into `id` (the one kept), and its preview: two different contacts. */
export const contactMergeInput = z
  .strictObject({ id, duplicateId: id })
  .refine((input) => input.id !== input.duplicateId, { path: ['duplicateId'], message: msg('A contact cannot be merged with itself') });

/** A day ahead of the server's clock: a person ahead of UTC may date something today that is still tomorrow here. */
const MILESTONE_AHEAD_MS = 24 * 60 * 60 * 1000;

/** Sets a contact's milestone on a day (today when none is given), or moves it to another day; backdating is the rule. */
export const milestoneSetInput = z.strictObject({
  id,
  kind: milestoneKindSchema,
  date: dateInput()
    .refine((date) => date.getTime() <= Date.now() + MILESTONE_AHEAD_MS, msg('A milestone cannot be dated in the future'))
    .optional(),
});

export const milestoneClearInput = z.strictObject({ id, kind: milestoneKindSchema });

/** Archiving a contact (issue 50 §7): why, and a note for 'other' or any reason. */
export const contactArchiveInput = z.strictObject({
  id,
  reason: z.enum(archiveReasons, { error: msg('Choose why the contact is archived') }),
  note: optionalText(LIMITS.description, msg('Note')),
});

/**
 * What contacts.bulk does to each contact (issue 51 §4): the five the screen offers, and the inverses its Undo sends
 * (untag, restore; share into the team they came from undoes unshare, unshare undoes share).
 */
export const bulkActions = ['share', 'unshare', 'assign', 'tag', 'untag', 'archive', 'restore'] as const;
export type BulkAction = (typeof bulkActions)[number];

/** The most distinct contacts one bulk action changes: a screen's selection, and what one transaction holds briefly. */
export const MAX_BULK_IDS = 500;

/** Ids sent beyond the distinct ones (duplicates are counted once): a bound on what is parsed at all. */
const MAX_BULK_ENTRIES = MAX_BULK_IDS * 4;

const TOO_MANY_BULK = fmt('At most {max} contacts in one action', { max: MAX_BULK_IDS });

/** The reason a bulk archive gives when none is sent. */
export const BULK_ARCHIVE_REASON = 'other' as const;

/**
 * A bulk action (contacts.bulk): the contacts by id (1 to MAX_BULK_IDS distinct ones), the action and what it needs:
 * `teamId` for share, `userId` (or null: nobody) for assign, `tag` for tag and untag, `reason` for archive (else
 * BULK_ARCHIVE_REASON). All or nothing.
 */
export const contactBulkInput = z
  .strictObject({
    ids: z
      .array(id, { error: msg('Ids must be a list of contact ids') })
      .min(1, msg('Choose at least one contact'))
      .max(MAX_BULK_ENTRIES, TOO_MANY_BULK)
      .refine((ids) => new Set(ids).size <= MAX_BULK_IDS, TOO_MANY_BULK),
    action: z.enum(bulkActions, { error: msg('Choose what to do with the contacts') }),
    teamId: id.optional(),
    userId: id.nullable().optional(),
    tag: tagName.optional(),
    reason: z.enum(archiveReasons, { error: msg('Choose why the contact is archived') }).optional(),
    idempotencyKey: idempotencyKeyInput,
  })
  .superRefine((input, ctx) => {
    const need = (field: 'teamId' | 'userId' | 'tag', message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    if (input.action === 'share' && input.teamId === undefined) need('teamId', msg('Choose the team to share with'));
    if (input.action === 'assign' && input.userId === undefined) need('userId', msg('Choose who to assign the contacts to'));
    if ((input.action === 'tag' || input.action === 'untag') && input.tag === undefined) need('tag', msg('Tag name is required'));
  });
/** The assignee's answer to an assignment waiting for it (issue 51 §2): the contact, and on a decline an optional reason. */
export const assignmentAnswerInput = z.strictObject({ contactId: id });
export const assignmentDeclineInput = z.strictObject({ contactId: id, reason: optionalText(500, msg('Reason')) });
