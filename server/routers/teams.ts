// Teams and their members: admins manage, members share rows, viewers read; a team always keeps an admin.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { teamMembers, teams, users } from '../../db/schema';
import { assertTeamAdmin, notFound, preparedUser, teamRole } from '../access';
import { preparedPer } from '../prepared';
import { conflictOnDuplicate } from '../errors';
import { idInput } from '../schemas/common';
import { memberAddInput, memberRemoveInput, memberUpdateInput, teamCreateInput, teamUpdateInput } from '../schemas/teams';
import { protectedProcedure, router } from '../trpc';

const teamColumns = { id: teams.id, name: teams.name, description: teams.description, createdAt: teams.createdAt };
const memberColumns = {
  teamId: teamMembers.teamId,
  userId: teamMembers.userId,
  role: teamMembers.role,
  joinedAt: teamMembers.joinedAt,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
};

async function loadTeam(tx: Tx, teamId: number) {
  const [team] = await tx.select(teamColumns).from(teams).where(eq(teams.id, teamId));
  if (!team) throw notFound('Team');
  return team;
}

async function loadMember(tx: Tx, teamId: number, userId: number) {
  const [member] = await tx
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  if (!member) throw notFound('Member');
  return member;
}

/** Refuses a change that would leave the team with no admin. */
async function assertAnotherAdmin(tx: Tx, teamId: number, leavingUserId: number) {
  const [other] = await tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'admin'), ne(teamMembers.userId, leavingUserId)))
    .limit(1);
  if (!other) throw new TRPCError({ code: 'CONFLICT', message: 'A team must keep at least one admin' });
}

const teamIdOnly = memberRemoveInput.pick({ teamId: true });

const membersRouter = router({
  list: protectedProcedure.input(teamIdOnly).query(async ({ ctx, input }) => {
    if (!(await teamRole(ctx.database.read, input.teamId, ctx.user.id))) throw notFound('Team');
    return ctx.database.read
      .select(memberColumns)
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, input.teamId))
      .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId));
  }),

  add: protectedProcedure.input(memberAddInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      await assertTeamAdmin(tx, input.teamId, ctx.user.id);
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(input.userId !== undefined ? eq(users.id, input.userId) : sql`lower(${users.username}) = lower(${input.username})`);
      if (!user) throw notFound('User');
      await conflictOnDuplicate(
        () => tx.insert(teamMembers).values({ teamId: input.teamId, userId: user.id, role: input.role }),
        () => 'This user is already a member of the team',
      );
      return loadMember(tx, input.teamId, user.id);
    }),
  ),

  update: protectedProcedure.input(memberUpdateInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      await assertTeamAdmin(tx, input.teamId, ctx.user.id);
      const current = await loadMember(tx, input.teamId, input.userId);
      if (current.role === 'admin' && input.role !== 'admin') await assertAnotherAdmin(tx, input.teamId, input.userId);
      await tx
        .update(teamMembers)
        .set({ role: input.role })
        .where(and(eq(teamMembers.teamId, input.teamId), eq(teamMembers.userId, input.userId)));
      return loadMember(tx, input.teamId, input.userId);
    }),
  ),

  /** Admins remove anyone; any member may leave on their own. */
  remove: protectedProcedure.input(memberRemoveInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      if (input.userId !== ctx.user.id) await assertTeamAdmin(tx, input.teamId, ctx.user.id);
      else if (!(await teamRole(tx, input.teamId, ctx.user.id))) throw notFound('Team');
      const member = await loadMember(tx, input.teamId, input.userId);
      if (member.role === 'admin') await assertAnotherAdmin(tx, input.teamId, input.userId);
      await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, input.teamId), eq(teamMembers.userId, input.userId)));
      return { success: true as const };
    }),
  ),
});

/** The caller's teams with their role: read by the shell on every visit, so prepared. */
const myTeams = preparedPer((db) =>
  db
    .select({ ...teamColumns, role: teamMembers.role })
    .from(teams)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, preparedUser)))
    .orderBy(asc(teams.name), asc(teams.id))
    .prepare(),
);

export const teamsRouter = router({
  /** Only ever the caller's own teams, whatever userId a REST client passes. */
  list: protectedProcedure.query(({ ctx }) => myTeams(ctx.database.read).all({ userId: ctx.user.id })),

  create: protectedProcedure.input(teamCreateInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      const [team] = await tx
        .insert(teams)
        .values({ ...input, createdBy: ctx.user.id })
        .returning(teamColumns);
      await tx.insert(teamMembers).values({ teamId: team.id, userId: ctx.user.id, role: 'admin' });
      return { ...team, role: 'admin' as const };
    }),
  ),

  update: protectedProcedure.input(teamUpdateInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      const { id, ...changes } = input;
      await assertTeamAdmin(tx, id, ctx.user.id);
      const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      if (Object.keys(values).length) await tx.update(teams).set(values).where(eq(teams.id, id));
      return { ...(await loadTeam(tx, id)), role: 'admin' as const };
    }),
  ),

  remove: protectedProcedure.input(idInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      await assertTeamAdmin(tx, input.id, ctx.user.id);
      await tx.delete(teams).where(eq(teams.id, input.id));
      return { success: true as const, id: input.id };
    }),
  ),

  members: membersRouter,
});
