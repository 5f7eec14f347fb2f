// A team's own export (issue 51 §6) and its prayer setting (§5): an admin downloads every record of the team, in the
// personal export's formats and marked as the team's, and the export is noted in every admin's security log.
import { and, eq } from 'drizzle-orm';
import { teamMembers, teams } from '../../db/schema';
import { assertTeamAdmin, notFound, TEAM_NOT_FOUND, teamRole, type Authority } from '../access';
import { answer, fileAnswer, plainFileAnswer } from '../answers';
import { countDownload, type Download } from '../downloads';
import type { z } from 'zod';
import { readSettings } from '../nudges/settings';
import { contactsToCsv } from '../formats/csv';
import { recordSecurityEvent } from '../security/securityLog';
import * as answers from '../schemas/answers';
import { teamIdInput } from '../../shared/schemas/teams';
import { protectedProcedure, router, type Context } from '../trpc';
import type { SessionUser } from '../security/auth';
import { contactsFile, exportData } from './account';

type SignedIn = Context & { user: SessionUser; authority: Authority };

/**
 * An admin only (a member or viewer is refused in the role's words, anyone else finds no team), counted as the
 * admin's download, and noted as a team export in each admin's log before anything is read: the team's admins all
 * see that its records left, and who took them (their own log's device line is the exporter's).
 */
async function startTeamExport(ctx: SignedIn, teamId: number) {
  await assertTeamAdmin(ctx.database.read, teamId, ctx.authority);
  await countDownload(ctx, ctx.user.id);
  return ctx.database.write(async (tx) => {
    const [team] = await tx.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, teamId));
    if (!team) throw notFound(TEAM_NOT_FOUND);
    const admins = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'admin')));
    for (const admin of admins) await recordSecurityEvent(tx, admin.userId, 'team-export', admin.userId === ctx.user.id ? ctx.userAgent : undefined);
    return team;
  });
}

export const teamExportRouter = router({
  /** The team's records as the personal export's JSON, with `scope: {team: {id, name}}`. */
  export: protectedProcedure
    .input(teamIdInput)
    .output(fileAnswer(answers.teamExport))
    .query(async ({ ctx, input }) => {
      const team = await startTeamExport(ctx, input.teamId);
      // exportData's file has `scope` exactly when it is given a team (its type cannot say so).
      return exportData(ctx.database.read, ctx.authority, { team }) as unknown as Download<z.output<typeof answers.teamExport>>;
    }),

  /** The team's contacts as the personal contacts CSV (same columns, the admin's language and time zone). */
  exportContactsCsv: protectedProcedure
    .input(teamIdInput)
    .output(plainFileAnswer())
    .query(async ({ ctx, input }) => {
      const team = await startTeamExport(ctx, input.teamId);
      const { timeZone } = await readSettings(ctx.database.read, ctx.user.id);
      return contactsFile(ctx.database.read, ctx.authority, { team }, (page, first) => contactsToCsv(page, ctx.locale, first, timeZone));
    }),

  /** The team's prayer setting, for any of its people (an admin changes it with teams.update). */
  prayerSettings: protectedProcedure
    .input(teamIdInput)
    .output(answer(answers.teamPrayerSettings))
    .query(async ({ ctx, input }) => {
      if (!(await teamRole(ctx.database.read, input.teamId, ctx.authority))) throw notFound(TEAM_NOT_FOUND);
      const [team] = await ctx.database.read.select({ prayerNames: teams.prayerNames }).from(teams).where(eq(teams.id, input.teamId));
      if (!team) throw notFound(TEAM_NOT_FOUND);
      return team;
    }),
});
