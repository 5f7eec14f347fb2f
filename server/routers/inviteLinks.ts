// Invite links (issue 30, decision 029): an admin's link that lets whoever opens it join the team with its role,
// until it expires, is used up or revoked, and only while the admin who made it still is one.
import { TRPCError } from '@trpc/server';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { inviteCodeInput, inviteLinkCreateInput, inviteLinkEmailInput, inviteLinkIdInput, teamIdInput } from '../schemas/teams';

const notYet = () => {
  throw new TRPCError({ code: 'NOT_IMPLEMENTED' });
};

/** A team's links, for its admins (mounted as teams.links). */
export const teamLinksRouter = router({
  create: protectedProcedure.input(inviteLinkCreateInput).output(answer(answers.inviteLink)).mutation(notYet),
  list: protectedProcedure.input(teamIdInput).output(answer(answers.inviteLink.array())).query(notYet),
  revoke: protectedProcedure.input(inviteLinkIdInput).output(answer(answers.done)).mutation(notYet),
  email: protectedProcedure.input(inviteLinkEmailInput).output(answer(answers.done)).mutation(notYet),
});

/** A link as whoever holds its code sees and uses it. */
export const inviteLinksRouter = router({
  show: protectedProcedure.input(inviteCodeInput).output(answer(answers.inviteLinkPreview)).query(notYet),
  accept: protectedProcedure.input(inviteCodeInput).output(answer(answers.team)).mutation(notYet),
});
