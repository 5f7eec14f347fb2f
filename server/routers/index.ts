// The app's one router: every entity router under its name, with the procedures other files add to it (the only file
// that imports router files: each stands apart); AppRouter is the client's type.
import { mergeRouters, router } from '../trpc';
import { accountRouter, teamExportRouter } from './account';
import { accountEmailRouter } from './accountEmail';
import { accountSessionsRouter, securityLogProcedure, twoFactorRouter } from './accountSecurity';
import { appLockRouter } from './appLock';
import { importExportProcedure } from './exportImport';
import { activitiesRouter } from './activities';
import { assignmentsRouter, contactTeamProcedures } from './contactTeam';
import { contactBulkProcedures } from './contactBulk';
import { attentionRouter } from './attention';
import { authRouter } from './auth';
import { passwordResetRouter } from './passwordReset';
import { calendarRouter } from './calendar';
import { contactsRouter } from './contacts';
import { contactRecords } from '../domain/contacts';
import { mergeProcedures } from './merge';
import { spiritualCheckProcedures } from './spiritualCheck';
import { dashboardRouter } from './dashboard';
import { followUpsRouter } from './followUps';
import { goalsRouter } from './goals';
import { tagsRouter } from './tags';
import { insightsRouter } from './insights';
import { invitationsRouter } from './invitations';
import { prayerRequestsRouter } from './prayerRequests';
import { prayerListsRouter } from './prayerLists';
import { pushRouter } from './push';
import { remindersRouter } from './reminders';
import { resourcesRouter } from './resources';
import { searchRouter } from './search';
import { teamsRouter } from './teams';
import { teamInsight } from './teamInsight';
import { teamDashboard, teamWorkload } from './teamDashboard';
import { inviteLinksRouter, teamLinksRouter } from './inviteLinks';
import { commentsRouter } from './comments';
import { notificationsRouter } from './notifications';

export const appRouter = router({
  // Sign-in's own procedures, and "Forgot password?" under auth.passwordReset.
  auth: mergeRouters(authRouter, router({ passwordReset: passwordResetRouter })),
  contacts: mergeRouters(
    contactsRouter,
    router({
      // 'Any changes spiritually?' (issue 16): contacts.spiritualCheck, contacts.answerSpiritualCheck.
      ...spiritualCheckProcedures,
      // Merging a duplicate into a contact (issue 28): contacts.mergePreview, contacts.merge.
      ...mergeProcedures(contactRecords.read),
      // A contact and its team (issue 30): contacts.share, contacts.unshare, contacts.assign.
      ...contactTeamProcedures(contactRecords.read),
      // Many contacts at once (issue 51 §4): contacts.bulk.
      ...contactBulkProcedures,
    }),
  ),
  activities: activitiesRouter,
  followUps: followUpsRouter,
  prayerRequests: prayerRequestsRouter,
  prayerLists: prayerListsRouter,
  goals: goalsRouter,
  tags: tagsRouter,
  resources: resourcesRouter,
  dashboard: dashboardRouter,
  teams: mergeRouters(
    teamsRouter,
    teamExportRouter,
    router({ insight: teamInsight, dashboard: teamDashboard, workload: teamWorkload, links: teamLinksRouter }),
  ),
  invitations: invitationsRouter,
  inviteLinks: inviteLinksRouter,
  calendar: calendarRouter,
  search: searchRouter,
  account: mergeRouters(
    accountRouter,
    router({
      /** Confirming the address (issue 27): a new link, and a link's use. */
      email: accountEmailRouter,
      /** Signed-in sessions, seen and ended (issue 33). */
      sessions: accountSessionsRouter,
      securityLog: securityLogProcedure,
      /** Two-factor sign-in with an authenticator app (issue 33). */
      twoFactor: twoFactorRouter,
      /** The app lock's PIN (issue 33). */
      pin: appLockRouter,
      /** A Sower export (plain, or encrypted with its passphrase) added to the account: routers/exportImport.ts. */
      importExport: importExportProcedure,
    }),
  ),
  insights: insightsRouter,
  reminders: remindersRouter,
  push: pushRouter,
  attention: attentionRouter,
  assignments: assignmentsRouter,
  // Issue 51 §3: comments on a team contact, and the notifications inbox.
  comments: commentsRouter,
  notifications: notificationsRouter,
});

export type AppRouter = typeof appRouter;
