// Invitations to teams, as the invited person sees them: nobody joins a team without accepting.
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Tx } from '../../db/client';
import { teamInvitations, teamMembers, teamRemovals, teams, users } from '../../db/schema';
import { notFound } from '../access';
import { invitationIdInput } from '../../shared/schemas/teams';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { assertRoomForTeam, MAX_TEAMS_PER_USER } from '../domain/teams';
import { msg } from '../../shared/i18n';
import { rolesThatCan } from '../../shared/roles';

const inviter = alias(users, 'inviter');
const sender = alias(teamMembers, 'sender');

/**
 * An invitation is open while it is unexpired and whoever sent it is still an admin of the team: one sent by an
 * admin who was since removed or made member, or who deleted their account, grants nothing (issue 30).
 */
const senderStillAdmin = and(
  eq(sender.teamId, teamInvitations.teamId),
  eq(sender.userId, teamInvitations.invitedBy),
  inArray(sender.role, rolesThatCan('manage')),
);

/** The invitation, if it is the user's and still open. */
async function openInvitation(tx: Tx, id: number, userId: number) {
  const [invitation] = await tx
    .select({ id: teamInvitations.id, teamId: teamInvitations.teamId, role: teamInvitations.role })
    .from(teamInvitations)
    .innerJoin(sender, senderStillAdmin)
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.userId, userId), gt(teamInvitations.expiresAt, new Date())));
  if (!invitation) throw notFound(msg('Invitation not found'));
  return invitation;
}

export const invitationsRouter = router({
  /** The caller's open invitations, newest first, with who invited them (the inviter chose to be known). */
  list: protectedProcedure.output(answer(answers.receivedInvitation.array())).query(({ ctx }) =>
    ctx.database.read
      .select({
        id: teamInvitations.id,
        team: { id: teams.id, name: teams.name, description: teams.description },
        role: teamInvitations.role,
        invitedBy: { username: inviter.username, firstName: inviter.firstName, lastName: inviter.lastName },
        createdAt: teamInvitations.createdAt,
        expiresAt: teamInvitations.expiresAt,
      })
      .from(teamInvitations)
      .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
      .innerJoin(sender, senderStillAdmin)
      .leftJoin(inviter, eq(inviter.id, teamInvitations.invitedBy))
      .where(and(eq(teamInvitations.userId, ctx.user.id), gt(teamInvitations.expiresAt, new Date())))
      .orderBy(desc(teamInvitations.createdAt), asc(teamInvitations.id))
      .limit(MAX_TEAMS_PER_USER),
  ),

  /**
   * Joins the team with the invitation's role; every invitation of that team for the caller is then used up, and a
   * removal from it lifted (an admin invited them back).
   */
  accept: protectedProcedure
    .input(invitationIdInput)
    .output(answer(answers.team))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const invitation = await openInvitation(tx, input.id, ctx.user.id);
        const [member] = await tx
          .select({ role: teamMembers.role })
          .from(teamMembers)
          .where(and(eq(teamMembers.teamId, invitation.teamId), eq(teamMembers.userId, ctx.user.id)));
        if (!member) {
          await assertRoomForTeam(tx, ctx.user.id);
          await tx.insert(teamMembers).values({ teamId: invitation.teamId, userId: ctx.user.id, role: invitation.role });
        }
        await tx.delete(teamInvitations).where(and(eq(teamInvitations.teamId, invitation.teamId), eq(teamInvitations.userId, ctx.user.id)));
        // An admin's invitation is their way back after a removal (issue 47): accepted, the removal is over.
        await tx.delete(teamRemovals).where(and(eq(teamRemovals.teamId, invitation.teamId), eq(teamRemovals.userId, ctx.user.id)));
        const [team] = await tx
          .select({ id: teams.id, name: teams.name, description: teams.description, createdAt: teams.createdAt, updateNeededDays: teams.updateNeededDays })
          .from(teams)
          .where(eq(teams.id, invitation.teamId));
        return { ...team, role: member?.role ?? invitation.role };
      }),
    ),

  decline: protectedProcedure
    .input(invitationIdInput)
    .output(answer(answers.done))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const gone = await tx
          .delete(teamInvitations)
          .where(and(eq(teamInvitations.id, input.id), eq(teamInvitations.userId, ctx.user.id)))
          .returning({ id: teamInvitations.id });
        if (!gone.length) throw notFound(msg('Invitation not found'));
        return { success: true as const };
      }),
    ),
});
