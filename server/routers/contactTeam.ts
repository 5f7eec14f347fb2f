// A contact and its team (issue 30): sharing a personal contact with a team and taking it back, the team its records
// go to, assigning a team contact to a member, and the assignee's badge of new assignments.
import type { z } from 'zod';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database, Queryable, Tx } from '../../db/client';
import { contacts, users } from '../../db/schema';
import type { Authority } from '../access';
import { idInput } from '../../shared/schemas/common';
import { contactAssignInput, contactShareInput } from '../../shared/schemas/contacts';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { assignOne, readableContact, shareOne, unshareCheck, unshareOne } from '../domain/contactTeam';

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
          return { ...before, teamId: null, assignedTo: null };
        }),
      ),

    /**
     * Who looks after a team contact: an admin assigns anyone of its team who may be assigned (an admin or member; a
     * viewer cannot work on it), a member only themselves and only when nobody else has it ("Assign to me"), and the
     * assignee may hand it back (`userId: null`). A personal contact has nobody to share the work with: 400.
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

export const assignmentsRouter = router({
  /**
   * How many team contacts were assigned to the caller since they last looked (assignments.markSeen): counted in
   * contacts_team_assignee_idx (team, assignee, when), only in the caller's teams.
   */
  summary: protectedProcedure.output(answer(answers.assignmentsSummary)).query(async ({ ctx }) => {
    const me = ctx.user.id;
    const seen = sql`coalesce((select ${users.assignmentsSeenAt} from ${users} where ${users.id} = ${me}), 0)`;
    const [row] = await ctx.database.read
      .select({ unseen: count() })
      .from(contacts)
      .where(
        and(sql`${contacts.teamId} in (select team_id from team_members where user_id = ${me})`, eq(contacts.assignedTo, me), gt(contacts.assignedAt, seen)),
      );
    return { unseen: row.unseen };
  }),

  /** The caller has seen their assignments: the badge counts only those made after now. */
  markSeen: protectedProcedure.output(answer(answers.done)).mutation(({ ctx }) =>
    ctx.database.write(async (tx) => {
      await tx.update(users).set({ assignmentsSeenAt: new Date() }).where(eq(users.id, ctx.user.id));
      return { success: true as const };
    }),
  ),
});
