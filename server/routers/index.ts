// The app's one router: every entity router under its name; AppRouter is the client's type.
import { mergeRouters, router } from '../trpc';
import { accountRouter } from './account';
import { activitiesRouter } from './activities';
import { assignmentsRouter } from './contactTeam';
import { attentionRouter } from './attention';
import { authRouter } from './auth';
import { passwordResetRouter } from './passwordReset';
import { calendarRouter } from './calendar';
import { contactsRouter } from './contacts';
import { dashboardRouter } from './dashboard';
import { followUpsRouter } from './followUps';
import { goalsRouter } from './goals';
import { insightsRouter } from './insights';
import { invitationsRouter } from './invitations';
import { inviteLinksRouter } from './inviteLinks';
import { prayerRequestsRouter } from './prayerRequests';
import { pushRouter } from './push';
import { remindersRouter } from './reminders';
import { resourcesRouter } from './resources';
import { searchRouter } from './search';
import { teamsRouter } from './teams';

export const appRouter = router({
  // Sign-in's own procedures, and "Forgot password?" under auth.passwordReset.
  auth: mergeRouters(authRouter, router({ passwordReset: passwordResetRouter })),
  contacts: contactsRouter,
  activities: activitiesRouter,
  followUps: followUpsRouter,
  prayerRequests: prayerRequestsRouter,
  goals: goalsRouter,
  resources: resourcesRouter,
  dashboard: dashboardRouter,
  teams: teamsRouter,
  invitations: invitationsRouter,
  inviteLinks: inviteLinksRouter,
  calendar: calendarRouter,
  search: searchRouter,
  account: accountRouter,
  insights: insightsRouter,
  reminders: remindersRouter,
  push: pushRouter,
  attention: attentionRouter,
  assignments: assignmentsRouter,
});

export type AppRouter = typeof appRouter;
