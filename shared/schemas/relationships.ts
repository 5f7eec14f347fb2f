// Relationship inputs (issue 50 §3): a link from one contact to another, of a kind said from the first.
import { z } from 'zod';
import { msg } from '../i18n';
import { relationshipKinds } from '../vocabulary';
import { id } from './common';

export const relationshipKindSchema = z.enum(relationshipKinds, { error: msg('Unknown relationship') });

/** "Contact `id` is `kind` of contact `contactId`": Ana (id) discipled_by Ben (contactId). */
export const relationshipAddInput = z
  .strictObject({ id, contactId: id, kind: relationshipKindSchema })
  .refine((input) => input.id !== input.contactId, { path: ['contactId'], message: msg('A person cannot be linked to themself') });

export const relationshipRemoveInput = z.strictObject({ id, relationshipId: id });

/** The most links one person holds: a family, a small group, a few they disciple and more. */
export const MAX_RELATIONSHIPS = 200;
