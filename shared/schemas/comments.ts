// Comment and notification inputs (issue 51 §3): a comment on a team contact, the inbox's "mark read".
import { z } from 'zod';
import { msg } from '../i18n';
import { id, idempotencyKeyInput, requiredText } from './common';
import { notificationKinds } from '../vocabulary';

/** The longest comment, in characters once trimmed. */
export const COMMENT_MAX = 2000;
/** How long a comment's author may still change it after writing it, counted on the server. */
export const COMMENT_EDIT_MINUTES = 15;
/** The newest comments a contact's list answers (newest first); older ones are not sent. */
export const COMMENTS_LISTED = 200;

export const commentBody = requiredText(msg('A comment cannot be empty'), COMMENT_MAX, msg('Comment'));

export const commentListInput = z.strictObject({ id });
// Each write takes the offline outbox's key (decisions 027, 039): a replay after a lost answer writes, changes or deletes once.
export const commentCreateInput = z.strictObject({ id, body: commentBody, idempotencyKey: idempotencyKeyInput });
export const commentUpdateInput = z.strictObject({ id, commentId: id, body: commentBody, idempotencyKey: idempotencyKeyInput });
export const commentRemoveInput = z.strictObject({ id, commentId: id, idempotencyKey: idempotencyKeyInput });

/** The notifications one request may mark read by id; none marks every one read. */
export const NOTIFICATIONS_MARKED_MAX = 500;
export const notificationsReadInput = z
  .strictObject({ ids: z.array(id).max(NOTIFICATIONS_MARKED_MAX, msg('Too many notifications at once')).optional() })
  .optional();

/** Per kind of notification, whether it also arrives by push and in the daily digest (a kind left out stays as it was). */
export const notificationChoicesInput = z.strictObject({
  choices: z.partialRecord(
    z.enum(notificationKinds, { error: msg('Unknown kind of notification') }),
    z.strictObject({ push: z.boolean(), digest: z.boolean() }),
  ),
});
