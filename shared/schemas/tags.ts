// Tag and "how we met" inputs (issue 50): a tag's name and colour, a merge, and the tags and source a contact takes.
import { z } from 'zod';
import { fmt, msg } from '../i18n';
import { tagColors } from '../vocabulary';
import { id, optionalText, requiredText, teamIdInput } from './common';

/** A tag's name: short, one line. */
export const TAG_NAME_MAX = 40;
/** The most tags one contact carries, and the most one space (a person's own, or a team's) holds. */
export const MAX_TAGS_PER_CONTACT = 20;
export const MAX_TAGS_PER_SPACE = 500;

export const tagName = requiredText(msg('Tag name is required'), TAG_NAME_MAX, msg('Tag name')).refine((name) => !/[;,\n]/.test(name), {
  message: msg('A tag name cannot hold a comma or a semicolon'),
});
const tagColor = z.enum(tagColors, { error: msg('Unknown colour') }).nullish();

export const tagCreateInput = z.strictObject({ name: tagName, color: tagColor, teamId: teamIdInput });
export const tagUpdateInput = z.strictObject({ id, name: tagName.optional(), color: tagColor });
/** Merging tag `id` into `intoId`: its contacts carry `intoId` instead, and `id` is gone. */
export const tagMergeInput = z
  .strictObject({ id, intoId: id })
  .refine((input) => input.id !== input.intoId, { path: ['intoId'], message: msg('A tag cannot be merged with itself') });

/** A contact's tags as names, created on the fly: each once (compared folded), at most MAX_TAGS_PER_CONTACT. */
export const contactTagsInput = z
  .array(tagName, { error: msg('Tags must be a list of names') })
  .max(MAX_TAGS_PER_CONTACT, fmt('At most {max} tags on a contact', { max: MAX_TAGS_PER_CONTACT }));

/** How the user met the person: a short text from their list, or none. */
export const SOURCE_MAX = 60;
export const contactSourceInput = optionalText(SOURCE_MAX, msg('How we met'));

/** The contact list's tag filter: `?tag=a&tag=b` (every one of them), or one name. */
export const tagFilterInput = z
  .union([tagName, z.array(tagName).max(MAX_TAGS_PER_CONTACT, fmt('At most {max} tags at once', { max: MAX_TAGS_PER_CONTACT }))], {
    error: msg('Tags must be a list of names'),
  })
  .transform((tags) => (Array.isArray(tags) ? tags : [tags]))
  .optional();
