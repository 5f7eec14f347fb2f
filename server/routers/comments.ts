// Comments on a team contact (issue 51 §3), kept apart from the contact's notes: whoever reads the contact reads them,
// a role that may create in the team writes them, the author changes one for COMMENT_EDIT_MINUTES after writing it
// (counted on the server), the author or an admin deletes it. `@name` tells a teammate (server/domain/comments.ts).
import { TRPCError } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { comments, contacts, notifications, users } from '../../db/schema';
import { assertCanCreateIn, canRead, notFound, teamRole, type Authority } from '../access';
import { fieldInvalid } from '../errors';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import { onceForKey } from '../idempotency';
import * as answers from '../schemas/answers';
import { CONTACT_NOT_FOUND } from '../domain/contacts';
import { mentionedMembers } from '../domain/comments';
import { notify } from '../domain/notifications';
import { mayChange, roleCan } from '../../shared/roles';
import { msg } from '../../shared/i18n';
import type { TeamRole } from '../../shared/vocabulary';
import {
  COMMENT_EDIT_MINUTES,
  COMMENTS_LISTED,
  commentCreateInput,
  commentListInput,
  commentRemoveInput,
  commentUpdateInput,
} from '../../shared/schemas/comments';

export const COMMENT_NOT_FOUND = msg('Comment not found');
const EDIT_MS = COMMENT_EDIT_MINUTES * 60_000;
const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });

/** Tells each of `userIds` (teammates a comment mentions) of the comment, in the write's transaction. */
async function tellMentioned(tx: Tx, contact: { id: number; teamId: number }, commentId: number, actorId: number, userIds: Iterable<number>) {
  await notify(
    tx,
    [...userIds].map((userId) => ({ userId, kind: 'mention' as const, teamId: contact.teamId, contactId: contact.id, commentId, actorId })),
  );
}

/**
 * The team contact `contactId` names and the caller's role in its team: 404 unless they may read it and are in its team
 * (a former creator who still reads it has no say in the team's talk), 400 for a personal contact.
 */
async function teamContact(db: Queryable, contactId: number, who: Authority): Promise<{ id: number; teamId: number; role: TeamRole }> {
  const [contact] = await db
    .select({ id: contacts.id, teamId: contacts.teamId })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), canRead(contacts, who)));
  if (!contact) throw notFound(CONTACT_NOT_FOUND);
  if (contact.teamId === null)
    throw fieldInvalid({ field: 'id', message: msg('Comments are for team contacts: share this contact with a team to talk about it there') });
  const role = await teamRole(db, contact.teamId, who);
  if (!role) throw notFound(CONTACT_NOT_FOUND);
  return { id: contact.id, teamId: contact.teamId, role };
}

/** The contact's comments, newest first, at most `limit` (or the one `commentId` names), as `userId` with `role` sees them. */
async function readComments(
  db: Queryable,
  contact: { id: number; teamId: number; role: TeamRole },
  userId: number,
  options: { commentId?: number; limit?: number } = {},
) {
  const { role } = contact;
  const rows = await db
    .select({
      id: comments.id,
      contactId: comments.contactId,
      body: comments.body,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      teamId: comments.teamId,
      createdBy: comments.createdBy,
      authorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.createdBy))
    // Only its team's: a comment left from an earlier team (one deleted, its contact shared anew) is not this team's to read.
    .where(
      and(
        eq(comments.contactId, contact.id),
        eq(comments.teamId, contact.teamId),
        options.commentId === undefined ? undefined : eq(comments.id, options.commentId),
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(options.limit ?? COMMENTS_LISTED);
  const now = Date.now();
  return rows.map(({ authorId, firstName, lastName, ...row }) => {
    const own = row.createdBy === userId && roleCan(role, 'create');
    const until = own ? new Date(row.createdAt.getTime() + EDIT_MS) : null;
    return {
      ...row,
      teamId: row.teamId!,
      author: authorId === null ? null : { id: authorId, firstName: firstName ?? '', lastName: lastName ?? '' },
      editableUntil: until,
      canEdit: !!until && now < until.getTime(),
      canDelete: mayChange({ teamId: row.teamId, createdBy: row.createdBy }, userId, role),
    };
  });
}

async function oneComment(db: Queryable, contact: { id: number; teamId: number; role: TeamRole }, commentId: number, userId: number) {
  const [row] = await readComments(db, contact, userId, { commentId, limit: 1 });
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return row;
}

export const commentsRouter = router({
  /** The contact's comments, newest first: the newest COMMENTS_LISTED (200); older ones are not sent. */
  list: protectedProcedure
    .input(commentListInput)
    .output(answer(answers.comments))
    .query(async ({ ctx, input }) => {
      const contact = await teamContact(ctx.database.read, input.id, ctx.authority);
      return readComments(ctx.database.read, contact, ctx.user.id);
    }),

  /** Writes a comment (a role that may create in the team) and tells the teammates it mentions, in one transaction. */
  create: protectedProcedure
    .input(commentCreateInput)
    .output(answer(answers.comment))
    .mutation(({ ctx, input }) =>
      // An outbox replay with the same key answers the first result and writes nothing (decision 039).
      ctx.database.write((tx) =>
        onceForKey(
          tx,
          ctx.user.id,
          input.idempotencyKey,
          input,
          async () => {
            const who = { userId: ctx.user.id, teams: null };
            const contact = await teamContact(tx, input.id, who);
            await assertCanCreateIn(tx, contact.teamId, who);
            const [row] = await tx
              .insert(comments)
              .values({ contactId: contact.id, body: input.body, teamId: contact.teamId, createdBy: ctx.user.id })
              .returning({ id: comments.id });
            await tellMentioned(tx, contact, row.id, ctx.user.id, await mentionedMembers(tx, contact.teamId, input.body));
            return oneComment(tx, contact, row.id, ctx.user.id);
          },
          'comment',
        ),
      ),
    ),

  /**
   * Changes a comment: its author only, for COMMENT_EDIT_MINUTES after writing it (403 after), and only while their role
   * may still write in the team. Only teammates the new words mention and the old ones did not are told.
   */
  update: protectedProcedure
    .input(commentUpdateInput)
    .output(answer(answers.comment))
    .mutation(({ ctx, input }) =>
      ctx.database.write((tx) =>
        onceForKey(
          tx,
          ctx.user.id,
          input.idempotencyKey,
          input,
          async () => {
            const who = { userId: ctx.user.id, teams: null };
            const contact = await teamContact(tx, input.id, who);
            const current = await oneComment(tx, contact, input.commentId, ctx.user.id);
            if (current.createdBy !== ctx.user.id) throw forbidden(msg('Only its author can change a comment'));
            await assertCanCreateIn(tx, contact.teamId, who);
            if (Date.now() >= current.createdAt.getTime() + EDIT_MS)
              throw forbidden(msg('A comment can be changed only in the first 15 minutes after it was written; write a new one instead'));
            if (current.body !== input.body) {
              await tx.update(comments).set({ body: input.body, editedAt: new Date() }).where(eq(comments.id, current.id));
              const before = await mentionedMembers(tx, contact.teamId, current.body);
              const told = await tx.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.commentId, current.id));
              for (const { userId } of told) before.add(userId);
              const now = [...(await mentionedMembers(tx, contact.teamId, input.body))].filter((userId) => !before.has(userId));
              await tellMentioned(tx, contact, current.id, ctx.user.id, now);
            }
            return oneComment(tx, contact, current.id, ctx.user.id);
          },
          'commentEdit',
        ),
      ),
    ),

  /** Deletes a comment: its author or an admin of the team; its mentions go with it. */
  remove: protectedProcedure
    .input(commentRemoveInput)
    .output(answer(answers.done))
    .mutation(({ ctx, input }) =>
      // Sent again after a lost answer, with its key: done once, answered the same (not 404 for the comment now gone).
      ctx.database.write((tx) =>
        onceForKey(
          tx,
          ctx.user.id,
          input.idempotencyKey,
          input,
          async () => {
            const who = { userId: ctx.user.id, teams: null };
            const contact = await teamContact(tx, input.id, who);
            const current = await oneComment(tx, contact, input.commentId, ctx.user.id);
            if (!current.canDelete) throw forbidden(msg('Only its author or a team admin can delete a comment'));
            await tx.delete(comments).where(eq(comments.id, current.id));
            return { success: true as const };
          },
          'commentDelete',
        ),
      ),
    ),
});
