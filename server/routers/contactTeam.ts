// A contact and its team (issue 30): sharing a personal contact with a team and taking it back, the team its records
// go to, assigning a team contact to a member, the assignee's badge of new assignments, and (issue 51 §2) the assignee's
// answer: accept or decline.
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database, Queryable, Tx } from '../../db/client';
import { contacts, users } from '../../db/schema';
import { canRead, notFound, teamRole, type Authority } from '../access';
import { idInput } from '../../shared/schemas/common';
import { assignmentAnswerInput, assignmentDeclineInput, contactAssignInput, contactShareInput } from '../../shared/schemas/contacts';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { assignOne, readableContact, shareOne, unshareCheck, unshareOne } from '../domain/contactTeam';
import { CONTACT_NOT_FOUND, contactRecords, contactSummaryColumns } from '../domain/contacts';
import { teamAdmins, UNASSIGNED } from '../domain/assignments';
import { notify } from '../domain/notifications';
import { roleCan } from '../../shared/roles';
import { msg } from '../../shared/i18n';
import { rowsOf } from '../queries/rows';

const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/**
 * Runs `change` in one write transaction on the contact `contactId` names, as the caller may read it (else 404), so
 * the check and the change see the same contact.
 */
function onReadableContact<T>(
  ctx: { database: Database; authority: Authority },
  contactId: number,
  change: (tx: Tx, contact: Awaited<ReturnType<typeof readableContact>>, who: Authority) => Promise<T>,
) {
  return ctx.database.write(async (tx) => change(tx, await readableContact(tx, contactId, ctx.authority), ctx.authority));
}

/** A contact as contacts.byId answers it. */
type ReadContact = (db: Queryable, id: number, who: Authority) => Promise<z.output<typeof answers.contact>>;

/** contacts.share, contacts.unshare, contacts.assign, spread into the contacts router, which hands its reader in. */
export function contactTeamProcedures(read: ReadContact) {
  return {
    /**
     * Moves the caller's personal contact into a team where they may create, with the records they wrote on it. A
     * contact in that team already is answered as it is; one in another team must be taken back first (409), so a
     * team's records never follow a contact out of it.
     */
    share: protectedProcedure
      .input(contactShareInput)
      .output(answer(answers.contact))
      .mutation(({ ctx, input }) =>
        onReadableContact(ctx, input.id, async (tx, contact, who) => {
          await shareOne(tx, contact, who, input.teamId);
          return read(tx, contact.id, who);
        }),
      ),

    /**
     * Takes a team contact back to its creator, personal, with the records its creator wrote on it, by the creator (a
     * role that changes its own rows) or an admin (shared/roles.ts mayChange), and its assignment ends. While anybody
     * else has records on it, it stays with the team (409 saying how many, issue 47): taken back, their records would
     * point at a contact its creator alone reads, deletes with their account or merges away. A creator who has left
     * the team cannot be handed it back (409): it stays with the team.
     */
    unshare: protectedProcedure
      .input(idInput)
      .output(answer(answers.contact))
      .mutation(({ ctx, input }) =>
        onReadableContact(ctx, input.id, async (tx, contact, who) => {
          const teamId = contact.teamId;
          if (teamId === null) return read(tx, contact.id, who);
          await unshareCheck(tx, { ...contact, teamId }, who, ctx.locale);
          // Answered as the caller saw it, moved: an admin who is not its creator can no longer read it afterwards.
          const before = await read(tx, contact.id, who);
          await unshareOne(tx, { ...contact, teamId });
          return { ...before, teamId: null, assignedTo: null, assignmentStatus: null, updateNeeded: false };
        }),
      ),

    /**
     * Who looks after a team contact: an admin assigns anyone of its team who may be assigned (an admin or member; a
     * viewer cannot work on it), a member only themselves and only when nobody else has it ("Assign to me"), and the
     * assignee may hand it back (`userId: null`). A personal contact has nobody to share the work with: 400.
     * Assigned to someone else, it waits for their answer (`pending`, issue 51 §2) and they are told; taken by oneself
     * it is accepted at once; taken off, it has no status and no assigner (domain/contactTeam.ts assignOne).
     */
    assign: protectedProcedure
      .input(contactAssignInput)
      .output(answer(answers.contact))
      .mutation(({ ctx, input }) =>
        onReadableContact(ctx, input.id, async (tx, contact, who) => {
          await assignOne(tx, contact, who, input.userId);
          return read(tx, contact.id, who);
        }),
      ),
  };
}

const NOT_WAITING = msg('This assignment is not waiting for an answer any more');

/** The most assignments waiting for an answer assignments.pending lists: a bound on the answer, never on assignments. */
const PENDING_LISTED = 200;

/**
 * Only the assignee of an assignment waiting for an answer may answer it (issue 51 §2): a viewer is refused by the
 * role table; anyone else who reads the contact, 403; an assignment already answered, taken off or never made, 409.
 * Read inside the answer's write, so of two answers at once, or an answer and a reassignment, the second sees the
 * first's outcome.
 */
async function assertMayAnswer(tx: Tx, contact: Awaited<ReturnType<typeof readableContact>>, who: Authority) {
  if (contact.teamId === null) throw conflict(NOT_WAITING);
  const role = await teamRole(tx, contact.teamId, who);
  if (!role) throw notFound(CONTACT_NOT_FOUND);
  if (!roleCan(role, 'assignSelf')) throw forbidden(msg('A viewer cannot be assigned a contact'));
  if (contact.assignedTo === null || (contact.assignedTo === who.userId && contact.assignmentStatus !== 'pending')) throw conflict(NOT_WAITING);
  if (contact.assignedTo !== who.userId) throw forbidden(msg('Only the person a contact is assigned to can accept or decline it'));
}

export const assignmentsRouter = router({
  /**
   * How many team contacts were assigned to the caller since they last looked (assignments.markSeen): counted in
   * contacts_team_assignee_idx (team, assignee, when), only in the caller's teams.
   */
  summary: protectedProcedure.output(answer(answers.assignmentsSummary)).query(async ({ ctx }) => {
    const me = ctx.user.id;
    const seen = sql`coalesce((select ${users.assignmentsSeenAt} from ${users} where ${users.id} = ${me}), 0)`;
    const mine = sql`${contacts.teamId} in (select team_id from team_members where user_id = ${me})`;
    const [row] = await ctx.database.read
      .select({ unseen: count() })
      .from(contacts)
      .where(and(mine, eq(contacts.assignedTo, me), gt(contacts.assignedAt, seen)));
    const [waiting] = await ctx.database.read
      .select({ pending: count() })
      .from(contacts)
      .where(and(mine, eq(contacts.assignedTo, me), eq(contacts.assignmentStatus, 'pending')));
    return { unseen: row.unseen, pending: waiting.pending };
  }),

  /**
   * The caller's assignments waiting for their answer ("Waiting for your answer"), newest first: at most
   * PENDING_LISTED, through contacts_team_assignee_idx, only in the caller's teams.
   */
  pending: protectedProcedure.output(answer(answers.contact.array())).query(({ ctx }) => {
    const fields = contactSummaryColumns(ctx.authority);
    return rowsOf<z.output<typeof answers.contact>>(
      fields,
      ctx.database.read
        .select(fields)
        .from(contacts)
        .where(
          and(
            sql`${contacts.teamId} in (select team_id from team_members where user_id = ${ctx.user.id})`,
            eq(contacts.assignedTo, ctx.user.id),
            eq(contacts.assignmentStatus, 'pending'),
            canRead(contacts, ctx.authority),
          ),
        )
        .orderBy(desc(contacts.assignedAt), desc(contacts.id))
        .limit(PENDING_LISTED),
    );
  }),

  /** The assignee accepts an assignment waiting for their answer; whoever assigned it is told. */
  accept: protectedProcedure
    .input(assignmentAnswerInput)
    .output(answer(answers.contact))
    .mutation(({ ctx, input }) =>
      onReadableContact(ctx, input.contactId, async (tx, contact, who) => {
        await assertMayAnswer(tx, contact, who);
        await tx.update(contacts).set({ assignmentStatus: 'accepted' }).where(eq(contacts.id, contact.id));
        if (contact.assignedBy !== null)
          await notify(tx, [{ userId: contact.assignedBy, kind: 'accepted', teamId: contact.teamId, contactId: contact.id, actorId: who.userId }]);
        return contactRecords.read(tx, contact.id, who);
      }),
    ),

  /**
   * The assignee declines (with an optional reason): the contact goes back unassigned, and whoever assigned it and
   * the team's admins are told, with the reason.
   */
  decline: protectedProcedure
    .input(assignmentDeclineInput)
    .output(answer(answers.contact))
    .mutation(({ ctx, input }) =>
      onReadableContact(ctx, input.contactId, async (tx, contact, who) => {
        await assertMayAnswer(tx, contact, who);
        await tx.update(contacts).set(UNASSIGNED).where(eq(contacts.id, contact.id));
        const teamId = contact.teamId!;
        const told = new Set([...(contact.assignedBy !== null ? [contact.assignedBy] : []), ...(await teamAdmins(tx, teamId))]);
        await notify(
          tx,
          [...told].map((userId) => ({
            userId,
            kind: 'declined' as const,
            teamId,
            contactId: contact.id,
            actorId: who.userId,
            detail: { reason: input.reason ?? null },
          })),
        );
        return contactRecords.read(tx, contact.id, who);
      }),
    ),

  /** The caller has seen their assignments: the badge counts only those made after now. */
  markSeen: protectedProcedure.output(answer(answers.done)).mutation(({ ctx }) =>
    ctx.database.write(async (tx) => {
      await tx.update(users).set({ assignmentsSeenAt: new Date() }).where(eq(users.id, ctx.user.id));
      return { success: true as const };
    }),
  ),
});
