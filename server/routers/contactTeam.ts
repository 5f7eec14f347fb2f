// A contact and its team (issue 30): sharing a personal contact with a team and taking it back, assigning a team
// contact to a member, and the assignee's badge of new assignments.
import { TRPCError } from '@trpc/server';
import { idInput } from '../schemas/common';
import { contactAssignInput, contactShareInput } from '../schemas/contacts';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';

const notYet = () => new TRPCError({ code: 'NOT_IMPLEMENTED' });

/** contacts.share, contacts.unshare, contacts.assign: spread into the contacts router. */
export const contactTeamProcedures = {
  share: protectedProcedure
    .input(contactShareInput)
    .output(answer(answers.contact))
    .mutation((): never => {
      throw notYet();
    }),

  unshare: protectedProcedure
    .input(idInput)
    .output(answer(answers.contact))
    .mutation((): never => {
      throw notYet();
    }),

  assign: protectedProcedure
    .input(contactAssignInput)
    .output(answer(answers.contact))
    .mutation((): never => {
      throw notYet();
    }),
};

export const assignmentsRouter = router({
  summary: protectedProcedure.output(answer(answers.assignmentsSummary)).query((): never => {
    throw notYet();
  }),

  markSeen: protectedProcedure.output(answer(answers.done)).mutation((): never => {
    throw notYet();
  }),
});
