// Teams, their members and invitations: admins invite and manage, members share rows, viewers read; a team always
// keeps an admin.
import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { teamInvitations, teamInviteLinks, teamMembers, teamRemovals, teams, users } from '../../db/schema';
import { assertTeamAdmin, decidedInSql, notFound, preparedUser, TEAM_NOT_FOUND, teamRole } from '../access';
import { preparedPer } from '../queries/prepared';
import { idInput } from '../../shared/schemas/common';
import { usernameKey } from '../../shared/fold';
import {
  memberAddInput,
  memberRemoveInput,
  memberUpdateInput,
  teamCreateInput,
  teamInvitationInput,
  teamSettingsInput,
  teamUpdateInput,
} from '../../shared/schemas/teams';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { assertRoomForTeam, endTeam, formerMembersRows } from '../domain/teams';
import { clearAssignments } from '../domain/contactTeam';
import { returnAssignments } from '../domain/assignments';
import { DAY_MS } from '../queries/calendarDays';
import { fmt, msg } from '../../shared/i18n';
import { roleCan } from '../../shared/roles';

/** A team as its admins' writes answer it: with its settings (issue 51 §5: whether names of who prayed show). */
const teamColumns = { ...answers.teamRow.columns, prayerNames: teams.prayerNames };
const memberColumns = answers.memberRow.columns;

async function loadTeam(tx: Tx, teamId: number) {
  const [team] = await tx.select(teamColumns).from(teams).where(eq(teams.id, teamId));
  if (!team) throw notFound(TEAM_NOT_FOUND);
  return team;
}

async function loadMember(tx: Tx, teamId: number, userId: number) {
  const [member] = await tx
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  if (!member) throw notFound(msg('Member not found'));
  return member;
}

/** How long an invitation stays open, and how many one team may have open at once. */
const INVITATION_DAYS = 14;
const MAX_PENDING_INVITATIONS = 50;
const TOO_MANY_INVITATIONS = fmt('A team can have at most {max} open invitations; withdraw some first', { max: MAX_PENDING_INVITATIONS });

/** What a team's admins see of an invitation: whom they named, as they named them, never who that turned out to be. */
const invitationColumns = {
  id: teamInvitations.id,
  teamId: teamInvitations.teamId,
  invitee: teamInvitations.invitee,
  role: teamInvitations.role,
  createdAt: teamInvitations.createdAt,
  expiresAt: teamInvitations.expiresAt,
};

const teamInvitationsRouter = router({
  /** The team's open invitations, for its admins. */
  list: protectedProcedure
    .input(memberRemoveInput.pick({ teamId: true }))
    .output(answer(answers.sentInvitation.array()))
    .query(async ({ ctx, input }) => {
      await assertTeamAdmin(ctx.database.read, input.teamId, ctx.authority);
      const rows = await ctx.database.read
        .select(invitationColumns)
        .from(teamInvitations)
        .where(and(eq(teamInvitations.teamId, input.teamId), gt(teamInvitations.expiresAt, new Date())))
        .orderBy(desc(teamInvitations.createdAt), asc(teamInvitations.id));
      return rows.map((row) => ({ ...row, status: 'pending' as const }));
    }),

  /** An admin takes an invitation back. */
  withdraw: protectedProcedure
    .input(teamInvitationInput)
    .output(answer(answers.done))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await assertTeamAdmin(tx, input.teamId, ctx.authority);
        const gone = await tx
          .delete(teamInvitations)
          .where(and(eq(teamInvitations.id, input.invitationId), eq(teamInvitations.teamId, input.teamId)))
          .returning({ id: teamInvitations.id });
        if (!gone.length) throw notFound(msg('Invitation not found'));
        return { success: true as const };
      }),
    ),
});

const LAST_ADMIN = msg('A team must keep at least one admin');
const LAST_ADMIN_LEAVING = msg('A team must keep at least one admin: make someone else admin before you leave');

/** Whether the team has an admin besides `userId`. */
async function anotherAdmin(tx: Tx, teamId: number, userId: number) {
  const [other] = await tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'admin'), ne(teamMembers.userId, userId)))
    .limit(1);
  return !!other;
}

/** Refuses a change that would leave the team with no admin. */
async function assertAnotherAdmin(tx: Tx, teamId: number, leavingUserId: number) {
  if (!(await anotherAdmin(tx, teamId, leavingUserId))) throw new TRPCError({ code: 'CONFLICT', message: LAST_ADMIN });
}

/**
 * Whoever stops being an admin of a team (made member or viewer, removed, leaving) takes back, in the same write,
 * every invitation and invite link they sent for it: an invitation grants nothing its sender could no longer grant
 * (issue 30, the co-admin attack). Acceptance checks the sender again (invitations.ts, inviteLinks.ts), so a role
 * changed by any other write is covered too.
 */
export async function withdrawWhatTheySent(tx: Tx, teamId: number, userId: number) {
  await tx.delete(teamInvitations).where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.invitedBy, userId)));
  await tx
    .update(teamInviteLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(teamInviteLinks.teamId, teamId), eq(teamInviteLinks.createdBy, userId), isNull(teamInviteLinks.revokedAt)));
}

/**
 * An admin removed `userId` (issue 47): recorded, so that no link of the team lets them back in (inviteLinks.ts), and
 * any invitation they had not used yet goes. Only an admin lifts it: by an invitation they accept
 * (invitations.accept), or from the team's list of removed people (teams.removals.lift). Leaving on one's own records
 * nothing.
 */
async function recordRemoval(tx: Tx, teamId: number, userId: number, removedBy: number) {
  // Removed again after being let back in: told again (teams.removalNotices).
  const values = { removedBy, removedAt: new Date(), toldAt: null };
  await tx
    .insert(teamRemovals)
    .values({ teamId, userId, ...values })
    .onConflictDoUpdate({ target: [teamRemovals.teamId, teamRemovals.userId], set: values });
  await tx.delete(teamInvitations).where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.userId, userId)));
}

/**
 * A membership ends (removed by `removedBy`, or left): what they sent is withdrawn, and the team's contacts assigned
 * to them go back unassigned, its admins told which and a removed member told (issue 51 §2), in the same write.
 */
async function endMembership(tx: Tx, teamId: number, userId: number, removedBy?: number) {
  await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  await withdrawWhatTheySent(tx, teamId, userId);
  await returnAssignments(tx, teamId, userId, removedBy);
}

/**
 * The caller leaves the team: the last admin hands over first (409), unless nobody else is in it, when the team is
 * deleted as teams.remove deletes it.
 */
async function leave(tx: Tx, teamId: number, userId: number) {
  const [me] = await tx
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  if (!me) throw notFound(TEAM_NOT_FOUND);
  const [other] = await tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.userId, userId)))
    .limit(1);
  if (!other) return endTeam(tx, teamId, userId);
  if (me.role === 'admin' && !(await anotherAdmin(tx, teamId, userId))) throw new TRPCError({ code: 'CONFLICT', message: LAST_ADMIN_LEAVING });
  await endMembership(tx, teamId, userId);
}

const teamIdOnly = memberRemoveInput.pick({ teamId: true });

const membersRouter = router({
  list: protectedProcedure
    .input(teamIdOnly)
    .output(answer(answers.member.array()))
    .query(async ({ ctx, input }) => {
      if (!(await teamRole(ctx.database.read, input.teamId, ctx.authority))) throw notFound(TEAM_NOT_FOUND);
      return ctx.database.read
        .select(memberColumns)
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(eq(teamMembers.teamId, input.teamId))
        .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId));
    }),

  /**
   * Invites a person (by id or username): they join only by accepting. The same invitation is written, and the same
   * answer given, whether or not anybody has that id or username, so an admin learns nothing about who has an account.
   */
  add: protectedProcedure
    .input(memberAddInput)
    .output(answer(answers.sentInvitation))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await assertTeamAdmin(tx, input.teamId, ctx.authority);
        const invitee = input.userId !== undefined ? `id:${input.userId}` : `name:${usernameKey(input.username!)}`;
        const [user] = await tx
          .select({ id: users.id })
          .from(users)
          .where(input.userId !== undefined ? eq(users.id, input.userId) : eq(users.usernameKey, usernameKey(input.username!)));
        // Members are listed to the admin already, so saying so tells nothing new.
        if (user && (await teamRole(tx, input.teamId, decidedInSql(user.id))))
          throw new TRPCError({ code: 'CONFLICT', message: msg('This user is already a member of the team') });
        const now = new Date();
        await tx.delete(teamInvitations).where(and(eq(teamInvitations.teamId, input.teamId), lte(teamInvitations.expiresAt, now)));
        const [{ pending }] = await tx
          .select({ pending: count() })
          .from(teamInvitations)
          .where(and(eq(teamInvitations.teamId, input.teamId), ne(teamInvitations.invitee, invitee)));
        if (pending >= MAX_PENDING_INVITATIONS) throw new TRPCError({ code: 'CONFLICT', message: TOO_MANY_INVITATIONS });
        const values = {
          userId: user?.id ?? null,
          role: input.role,
          invitedBy: ctx.user.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
        };
        const [invitation] = await tx
          .insert(teamInvitations)
          .values({ teamId: input.teamId, invitee, ...values })
          .onConflictDoUpdate({ target: [teamInvitations.teamId, teamInvitations.invitee], set: values })
          .returning(invitationColumns);
        return { ...invitation, status: 'pending' as const };
      }),
    ),

  update: protectedProcedure
    .input(memberUpdateInput)
    .output(answer(answers.member))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await assertTeamAdmin(tx, input.teamId, ctx.authority);
        const current = await loadMember(tx, input.teamId, input.userId);
        if (roleCan(current.role, 'manage') && !roleCan(input.role, 'manage')) {
          await assertAnotherAdmin(tx, input.teamId, input.userId);
          await withdrawWhatTheySent(tx, input.teamId, input.userId);
        }
        await tx
          .update(teamMembers)
          .set({ role: input.role })
          .where(and(eq(teamMembers.teamId, input.teamId), eq(teamMembers.userId, input.userId)));
        // A role that may not be assigned (a viewer) gives up the contacts it looked after.
        if (!roleCan(input.role, 'assignSelf')) await clearAssignments(tx, input.teamId, input.userId);
        return loadMember(tx, input.teamId, input.userId);
      }),
    ),

  /** Admins remove anyone but the last admin; removing oneself is leaving (teams.leave). */
  remove: protectedProcedure
    .input(memberRemoveInput)
    .output(answer(answers.done))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        if (input.userId === ctx.user.id) await leave(tx, input.teamId, ctx.user.id);
        else {
          await assertTeamAdmin(tx, input.teamId, ctx.authority);
          const member = await loadMember(tx, input.teamId, input.userId);
          if (member.role === 'admin') await assertAnotherAdmin(tx, input.teamId, input.userId);
          await endMembership(tx, input.teamId, input.userId, ctx.user.id);
          await recordRemoval(tx, input.teamId, input.userId, ctx.user.id);
        }
        return { success: true as const };
      }),
    ),
});

/** The most removed people teams.removals.list answers, newest first: a bound on the answer, never on the removals. */
const MAX_REMOVALS_LISTED = 200;

/** The people an admin removed from the team (issue 47), for its admins: who they were, and a way to let them back in. */
const removalsRouter = router({
  list: protectedProcedure
    .input(teamIdOnly)
    .output(answer(answers.removedMember.array()))
    .query(async ({ ctx, input }) => {
      await assertTeamAdmin(ctx.database.read, input.teamId, ctx.authority);
      return ctx.database.read
        .select(answers.removedMemberRow.columns)
        .from(teamRemovals)
        .innerJoin(users, eq(users.id, teamRemovals.userId))
        .where(eq(teamRemovals.teamId, input.teamId))
        .orderBy(desc(teamRemovals.removedAt), asc(teamRemovals.userId))
        .limit(MAX_REMOVALS_LISTED);
    }),

  /** Lets a removed person back in: they may join again by a link or an invitation, never without accepting. */
  lift: protectedProcedure
    .input(memberRemoveInput)
    .output(answer(answers.done))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await assertTeamAdmin(tx, input.teamId, ctx.authority);
        const lifted = await tx
          .delete(teamRemovals)
          .where(and(eq(teamRemovals.teamId, input.teamId), eq(teamRemovals.userId, input.userId)))
          .returning({ userId: teamRemovals.userId });
        if (!lifted.length) throw notFound(msg('This person is not on the team’s list of removed people'));
        return { success: true as const };
      }),
    ),
});

/** The caller's teams with their role: read by the shell on every visit, so prepared. */
const myTeams = preparedPer((db) =>
  db
    .select(answers.myTeamRow.columns)
    .from(teams)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, preparedUser)))
    .orderBy(asc(teams.name), asc(teams.id))
    .prepare(),
);

export const teamsRouter = router({
  /** Only ever the caller's own teams, whatever userId a REST client passes. */
  list: protectedProcedure.output(answer(answers.team.array())).query(({ ctx }) => myTeams(ctx.database.read).all({ userId: ctx.user.id })),

  create: protectedProcedure
    .input(teamCreateInput)
    .output(answer(answers.ownTeam))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await assertRoomForTeam(tx, ctx.user.id);
        const [team] = await tx
          .insert(teams)
          .values({ ...input, createdBy: ctx.user.id })
          .returning(teamColumns);
        await tx.insert(teamMembers).values({ teamId: team.id, userId: ctx.user.id, role: 'admin' });
        return { ...team, role: 'admin' as const };
      }),
    ),

  update: protectedProcedure
    .input(teamUpdateInput)
    .output(answer(answers.ownTeam))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const { id, ...changes } = input;
        await assertTeamAdmin(tx, id, ctx.authority);
        const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
        if (Object.keys(values).length) await tx.update(teams).set(values).where(eq(teams.id, id));
        return { ...(await loadTeam(tx, id)), role: 'admin' as const };
      }),
    ),

  remove: protectedProcedure
    .input(idInput)
    .output(answer(answers.removed))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await assertTeamAdmin(tx, input.id, ctx.authority);
        await endTeam(tx, input.id, ctx.user.id);
        return { success: true as const, id: input.id };
      }),
    ),

  /** The team's settings (issue 51 §2): "update needed after N days", for its admins. */
  settings: protectedProcedure
    .input(teamSettingsInput)
    .output(answer(answers.ownTeam))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await assertTeamAdmin(tx, input.teamId, ctx.authority);
        await tx.update(teams).set({ updateNeededDays: input.updateNeededDays }).where(eq(teams.id, input.teamId));
        return { ...(await loadTeam(tx, input.teamId)), role: 'admin' as const };
      }),
    ),

  /** What deleting the team would give the admin: how many rows of each kind people no longer in it left (endTeam). */
  deletionImpact: protectedProcedure
    .input(idInput)
    .output(answer(answers.teamDeletionImpact))
    .query(async ({ ctx, input }) => {
      await assertTeamAdmin(ctx.database.read, input.id, ctx.authority);
      return { fromFormerMembers: await formerMembersRows(ctx.database.read, input.id) };
    }),

  /** Leaves the team; the last admin hands over first, and the last member's leaving deletes the team. */
  leave: protectedProcedure
    .input(teamIdOnly)
    .output(answer(answers.done))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await leave(tx, input.teamId, ctx.user.id);
        return { success: true as const };
      }),
    ),

  members: membersRouter,
  removals: removalsRouter,
  invitations: teamInvitationsRouter,
  /**
   * The teams an admin removed the caller from that they have not been told of yet (issue 48), each told once: the
   * UPDATE marks them told and returns them in one statement, so of two requests at once (a batch, two tabs) only one
   * gets them. Leaving on one's own records no removal, so it is never told; nobody learns of anyone else's.
   */
  removalNotices: protectedProcedure.output(answer(answers.removalNotices)).mutation(({ ctx }) =>
    ctx.database.write(async (tx) => {
      const told = await tx
        .update(teamRemovals)
        .set({ toldAt: new Date() })
        .where(and(eq(teamRemovals.userId, ctx.user.id), isNull(teamRemovals.toldAt)))
        .returning({ teamId: teamRemovals.teamId });
      if (told.length === 0) return [];
      const ids = told.map((row) => row.teamId);
      return tx.select({ teamId: teams.id, teamName: teams.name }).from(teams).where(inArray(teams.id, ids)).orderBy(asc(teams.name), asc(teams.id));
    }),
  ),
});
