// Invite links (issue 30, decision 029): an admin's link that lets whoever opens it join the team with its role,
// until it expires, is used up or revoked, and only while the admin who made it still is one.
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client';
import { teamInviteLinks, teamMembers, teamRemovals, teams, users } from '../../db/schema';
import { fmt, msg, type Locale } from '../../shared/i18n';
import { roleCan } from '../../shared/roles';
import { assertTeamAdmin, notFound } from '../access';
import { answer } from '../answers';
import { gone } from '../errors';
import { translate } from '../i18n';
import { composeLinkEmail, quotedLine } from '../nudges/confirmation';
import { DAY_MS } from '../queries/calendarDays';
import * as answers from '../schemas/answers';
import { inviteCodeInput, inviteLinkCreateInput, inviteLinkEmailInput, inviteLinkIdInput, teamIdInput } from '../../shared/schemas/teams';
import { addressKey, takeAttempt } from '../security/rateLimit';
import { protectedProcedure, publicProcedure, router, type Context } from '../trpc';
import { assertRoomForTeam } from '../domain/teams';

/** The app's page a link opens (src/pages/InvitePage.tsx). */
export const INVITE_PATH = '/invite/';

/** What a code looks like: 16 random bytes in base64url are 22 characters; anything else matches no link. */
const CODE_BYTES = 16;
const codeShape = /^[A-Za-z0-9_-]{22}$/;

/**
 * Links a team keeps, live or not: a dead one (revoked, expired, used up) stays to answer its 410 until room is
 * needed, then goes, oldest first; past this many live ones, an admin revokes some first.
 */
const MAX_LINKS_PER_TEAM = 100;
const TOO_MANY_LINKS = fmt('A team can have at most {max} invite links; revoke some first', { max: MAX_LINKS_PER_TEAM });

const LINK_NOT_FOUND = msg('Invite link not found');
const REVOKED = msg('This invite link was revoked. Ask the team for a new one.');
const EXPIRED = msg('This invite link has expired. Ask the team for a new one.');
const USED_UP = msg('This invite link has been used as many times as it allows. Ask the team for a new one.');

/**
 * To someone an admin removed from the team (issue 47), for every link of it, on the look-up and the accept alike: it
 * says no more than they know (they were in the team), neither who removed them nor when, nor the team's name.
 */
const REMOVED = msg('You cannot join this team with a link. Ask one of its admins to invite you.');

const linkColumns = {
  id: teamInviteLinks.id,
  code: teamInviteLinks.code,
  role: teamInviteLinks.role,
  expiresAt: teamInviteLinks.expiresAt,
  maxUses: teamInviteLinks.maxUses,
  uses: teamInviteLinks.uses,
  createdAt: teamInviteLinks.createdAt,
};

/** A link that anybody could still join by, now. */
const live = (now: Date) =>
  and(
    isNull(teamInviteLinks.revokedAt),
    gt(teamInviteLinks.expiresAt, now),
    or(isNull(teamInviteLinks.maxUses), lt(teamInviteLinks.uses, teamInviteLinks.maxUses)),
  );

type LinkRow = { [Key in keyof typeof linkColumns]: (typeof teamInviteLinks.$inferSelect)[Key] };

/** A link as the answers give it: with its whole URL, and only the roles a link can have. */
function shown(ctx: Context, row: LinkRow) {
  const role = row.role === 'viewer' ? ('viewer' as const) : ('member' as const);
  return { ...row, role, url: `${ctx.appOrigin}${INVITE_PATH}${row.code}` };
}

/** The link, live, of a team the caller administers; 404 for another team's or none, 410 for a dead one. */
async function liveLinkOf(db: Queryable, teamId: number, id: number) {
  const [link] = await db
    .select({ ...linkColumns, revokedAt: teamInviteLinks.revokedAt })
    .from(teamInviteLinks)
    .where(and(eq(teamInviteLinks.id, id), eq(teamInviteLinks.teamId, teamId)));
  if (!link) throw notFound(LINK_NOT_FOUND);
  assertLive(link, new Date());
  return link;
}

/** 410 with the reason a found link no longer works. */
function assertLive(link: { revokedAt: Date | null; expiresAt: Date; maxUses: number | null; uses: number }, now: Date) {
  if (link.revokedAt) throw gone(REVOKED);
  if (link.expiresAt <= now) throw gone(EXPIRED);
  if (link.maxUses !== null && link.uses >= link.maxUses) throw gone(USED_UP);
}

const creator = alias(users, 'creator');
const creatorMembership = alias(teamMembers, 'creator_membership');

/**
 * A code's link with its team and creator, and whether the creator is still an admin of it. Counted first: every
 * lookup takes an attempt per client address and per user (server/security/rateLimit.ts), and one that finds a link
 * (live or not: its holder did not guess) gives its attempt back, so only wrong codes use the limits up. Nothing is
 * counted for everyone together: other people's wrong codes never make a valid one wait (issue 47); the code's 128
 * bits are what stop a guesser with many accounts and addresses.
 */
async function findByCode(ctx: Context & { user: { id: number } | null }, code: string) {
  // A guest (the link's page before signing in, issue 51 §7) counts against their address alone.
  const keys = [`invite-code:ip:${addressKey(ctx.clientIp)}`, ...(ctx.user ? [`invite-code:user:${ctx.user.id}`] : [])];
  const tried = await takeAttempt(
    ctx.attempts,
    [{ key: keys[0], rule: ctx.limits.inviteCodePerAddress }, ...(ctx.user ? [{ key: keys[1], rule: ctx.limits.inviteCodePerUser }] : [])],
    ctx.setHeader,
  );
  if (!codeShape.test(code)) throw notFound(LINK_NOT_FOUND);
  const [link] = await ctx.database.read.select({ id: teamInviteLinks.id }).from(teamInviteLinks).where(eq(teamInviteLinks.code, code));
  if (!link) throw notFound(LINK_NOT_FOUND);
  await tried.succeeded({ release: keys });
  return link.id;
}

/**
 * The link by id with what its holder may learn and what decides whether it works: 403 for a holder an admin removed
 * from its team, 410 when it no longer works. In a write, `db` is its transaction, so a removal just made is seen.
 */
async function linkForHolder(db: Queryable, id: number, holderId: number) {
  const [link] = await db
    .select({
      ...linkColumns,
      teamId: teamInviteLinks.teamId,
      revokedAt: teamInviteLinks.revokedAt,
      teamName: teams.name,
      inviterFirstName: creator.firstName,
      creatorRole: creatorMembership.role,
      removed: teamRemovals.userId,
    })
    .from(teamInviteLinks)
    .innerJoin(teams, eq(teams.id, teamInviteLinks.teamId))
    .innerJoin(creator, eq(creator.id, teamInviteLinks.createdBy))
    .leftJoin(creatorMembership, and(eq(creatorMembership.teamId, teamInviteLinks.teamId), eq(creatorMembership.userId, teamInviteLinks.createdBy)))
    .leftJoin(teamRemovals, and(eq(teamRemovals.teamId, teamInviteLinks.teamId), eq(teamRemovals.userId, holderId)))
    .where(eq(teamInviteLinks.id, id));
  // Deleted between the lookup and now (its team deleted): as if it had never been.
  if (!link) throw notFound(LINK_NOT_FOUND);
  if (link.removed !== null) throw new TRPCError({ code: 'FORBIDDEN', message: REMOVED });
  // A link grants nothing its creator could no longer grant: it is revoked when they stop being an admin
  // (teams.ts withdrawWhatTheySent), and counts as revoked here whatever changed their role.
  assertLive({ ...link, revokedAt: roleCan(link.creatorRole, 'manage') ? link.revokedAt : (link.revokedAt ?? link.createdAt) }, new Date());
  return link;
}

/**
 * The invitation email's subject, plain text and HTML in `locale`. The subject is Sower's words alone; the team's name
 * and the inviter's first name, which their writers chose, appear only in the body, quoted and said to be theirs.
 */
export function composeInvitation(
  locale: Locale,
  { teamName, inviterFirstName, url, expiresAt }: { teamName: string; inviterFirstName: string; url: string; expiresAt: Date },
) {
  return composeLinkEmail(locale, {
    subject: translate(locale, 'You’re invited to a team on Sower'),
    intro: translate(locale, 'You are invited to join a team on Sower, an app for keeping track of the people you share your faith with.'),
    quoted: [
      quotedLine(locale, msg('Team: “{team}” (a name chosen by its admin)'), 'team', teamName),
      quotedLine(locale, msg('Sent by: “{inviter}” (a name the sender chose)'), 'inviter', inviterFirstName),
    ],
    button: translate(locale, 'Join team'),
    link: url,
    note: translate(locale, 'This link works until {date}. You can sign in or create an account when you open it.', {
      date: expiresAt.toISOString().slice(0, 10),
    }),
    ignore: translate(locale, 'If you do not know this person or this team, ignore this email: nothing happens unless you open the link and join.'),
  });
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url');

/** A team's links, for its admins (mounted as teams.links). A member or viewer gets 403, anyone else 404. */
export const teamLinksRouter = router({
  create: protectedProcedure
    .input(inviteLinkCreateInput)
    .output(answer(answers.inviteLink))
    .mutation(async ({ ctx, input }) => {
      const row = await ctx.database.write(async (tx) => {
        await assertTeamAdmin(tx, input.teamId, ctx.authority);
        const now = new Date();
        const ofTeam = eq(teamInviteLinks.teamId, input.teamId);
        const [{ kept }] = await tx.select({ kept: count() }).from(teamInviteLinks).where(ofTeam);
        if (kept >= MAX_LINKS_PER_TEAM) {
          const dead = tx
            .select({ id: teamInviteLinks.id })
            .from(teamInviteLinks)
            .where(and(ofTeam, sql`not (${live(now)})`))
            .orderBy(teamInviteLinks.createdAt)
            .limit(kept - MAX_LINKS_PER_TEAM + 1);
          await tx.delete(teamInviteLinks).where(sql`${teamInviteLinks.id} in ${dead}`);
          const [{ left }] = await tx.select({ left: count() }).from(teamInviteLinks).where(ofTeam);
          if (left >= MAX_LINKS_PER_TEAM) throw new TRPCError({ code: 'CONFLICT', message: TOO_MANY_LINKS });
        }
        const [link] = await tx
          .insert(teamInviteLinks)
          .values({
            teamId: input.teamId,
            code: randomBytes(CODE_BYTES).toString('base64url'),
            role: input.role,
            createdBy: ctx.user.id,
            createdAt: now,
            expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
            maxUses: input.maxUses ?? null,
          })
          .returning(linkColumns);
        return link;
      });
      return shown(ctx, row);
    }),

  /** The team's live links, newest first (at most MAX_LINKS_PER_TEAM). */
  list: protectedProcedure
    .input(teamIdInput)
    .output(answer(answers.inviteLink.array()))
    .query(async ({ ctx, input }) => {
      await assertTeamAdmin(ctx.database.read, input.teamId, ctx.authority);
      const rows = await ctx.database.read
        .select(linkColumns)
        .from(teamInviteLinks)
        .where(and(eq(teamInviteLinks.teamId, input.teamId), live(new Date())))
        .orderBy(desc(teamInviteLinks.createdAt), desc(teamInviteLinks.id));
      return rows.map((row) => shown(ctx, row));
    }),

  /** Revokes a link (again: still 200); whoever opens it then reads that it was revoked. */
  revoke: protectedProcedure
    .input(inviteLinkIdInput)
    .output(answer(answers.done))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await assertTeamAdmin(tx, input.teamId, ctx.authority);
        const revoked = await tx
          .update(teamInviteLinks)
          .set({ revokedAt: sql`coalesce(${teamInviteLinks.revokedAt}, ${Date.now()})` })
          .where(and(eq(teamInviteLinks.id, input.id), eq(teamInviteLinks.teamId, input.teamId)))
          .returning({ id: teamInviteLinks.id });
        if (!revoked.length) throw notFound(LINK_NOT_FOUND);
        return { success: true as const };
      }),
    ),

  /**
   * Mails a live link to an address: counted first per admin, per team and per address; the answer is the same
   * whether the address has an account (nothing here reads users by it). Needs email set up (409) and the admin's
   * own address confirmed (409), so an account made to mail strangers must first own a mailbox (decision 024).
   */
  email: protectedProcedure
    .input(inviteLinkEmailInput)
    .output(answer(answers.done))
    .mutation(async ({ ctx, input }) => {
      await assertTeamAdmin(ctx.database.read, input.teamId, ctx.authority);
      const link = await liveLinkOf(ctx.database.read, input.teamId, input.id);
      const { mailer } = ctx.reminders;
      if (!mailer) throw new TRPCError({ code: 'CONFLICT', message: msg('Email is not set up on this server, so Sower cannot send invitations by email.') });
      const [sender] = await ctx.database.read
        .select({ firstName: users.firstName, confirmed: users.emailConfirmed, teamName: teams.name })
        .from(users)
        .innerJoin(teams, eq(teams.id, input.teamId))
        .where(eq(users.id, ctx.user.id));
      if (!sender?.confirmed)
        throw new TRPCError({ code: 'CONFLICT', message: msg('Confirm your own email address in Settings before inviting people by email.') });
      await takeAttempt(
        ctx.attempts,
        [
          { key: `invite-email:admin:${ctx.user.id}`, rule: ctx.limits.inviteEmailPerAdmin },
          { key: `invite-email:team:${input.teamId}`, rule: ctx.limits.inviteEmailPerTeam },
          // The address as a hash: the counters' table need not hold people's addresses.
          { key: `invite-email:to:${hashOf(input.email.toLowerCase())}`, rule: ctx.limits.inviteEmailPerAddress },
        ],
        ctx.setHeader,
      );
      const mail = composeInvitation(ctx.locale, {
        teamName: sender.teamName,
        inviterFirstName: sender.firstName,
        url: shown(ctx, link).url,
        expiresAt: link.expiresAt,
      });
      // Sent after the answer: its timing says nothing about the address, and a slow mail server holds nobody up.
      mailer.send({ to: input.email, ...mail }).catch((error: unknown) =>
        ctx.reminders.log({
          level: 'warn',
          message: 'Invitation email failed',
          userId: ctx.user.id,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
      return { success: true as const };
    }),
});

/** A link as whoever holds its code sees and uses it. */
export const inviteLinksRouter = router({
  /** The team's name, the inviter's first name and the role: never a username, an email or the members. */
  show: protectedProcedure
    .input(inviteCodeInput)
    .output(answer(answers.inviteLinkPreview))
    .query(async ({ ctx, input }) => {
      const id = await findByCode(ctx, input.code);
      const link = await linkForHolder(ctx.database.read, id, ctx.user.id);
      return { teamName: link.teamName, inviterFirstName: link.inviterFirstName, role: shown(ctx, link).role };
    }),

  /**
   * What a link's page tells someone before they sign in or register (issue 51 §7): the team's name, the inviter's
   * first name and the role, as `show` answers a signed-in holder. Public: the code is the credential, and every
   * look-up counts against the caller's address as `show`'s do (decision 029). A removed person signed out learns the
   * name of a team they were in; signed in, `show` refuses them as before.
   */
  preview: publicProcedure
    .input(inviteCodeInput)
    .output(answer(answers.inviteLinkPreview))
    .query(async ({ ctx, input }) => {
      const id = await findByCode({ ...ctx, user: null }, input.code);
      const link = await linkForHolder(ctx.database.read, id, 0);
      return { teamName: link.teamName, inviterFirstName: link.inviterFirstName, role: shown(ctx, link).role };
    }),

  /**
   * Joins the team with the link's role, using one of its uses by a conditional update in the write transaction, so
   * of two people taking its last use at once exactly one joins. A member already in keeps their role (200, no use).
   */
  accept: protectedProcedure
    .input(inviteCodeInput)
    .output(answer(answers.team))
    .mutation(async ({ ctx, input }) => {
      const id = await findByCode(ctx, input.code);
      return ctx.database.write(async (tx) => {
        const link = await linkForHolder(tx, id, ctx.user.id);
        const team = { id: link.teamId, name: link.teamName };
        const [member] = await tx
          .select({ role: teamMembers.role })
          .from(teamMembers)
          .where(and(eq(teamMembers.teamId, link.teamId), eq(teamMembers.userId, ctx.user.id)));
        if (!member) {
          await assertRoomForTeam(tx, ctx.user.id);
          const now = new Date();
          const used = await tx
            .update(teamInviteLinks)
            .set({ uses: sql`${teamInviteLinks.uses} + 1` })
            .where(and(eq(teamInviteLinks.id, id), live(now)))
            .returning({ id: teamInviteLinks.id });
          if (!used.length) throw gone(USED_UP);
          await tx.insert(teamMembers).values({ teamId: link.teamId, userId: ctx.user.id, role: link.role });
        }
        const [row] = await tx
          .select({ description: teams.description, createdAt: teams.createdAt, updateNeededDays: teams.updateNeededDays })
          .from(teams)
          .where(eq(teams.id, team.id));
        return { ...team, ...row, role: member?.role ?? link.role };
      });
    }),
});
