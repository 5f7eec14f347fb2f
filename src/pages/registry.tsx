// The page registry: every screen's path, code, navigation entry, the reads kept on the device for it and what each
// of its writes makes stale. The route table (App.tsx), the sidebar, the kept reads (lib/persistence.ts) and
// useInvalidate read it; an entity's list page takes its path from shared/entities.ts.
import type { ComponentType, ReactNode } from 'react';
import type { AppRouter } from '../../server/routers';
import { entities } from '../../shared/entities';
import { msg } from '../../shared/i18n';

/** A cached read, by its tRPC path: a whole router ('contacts': list, byId, counts…) or one procedure ('contacts.timeline'). */
type RouterName = keyof AppRouter['_def']['record'] & string;
export type CacheName = RouterName | `${RouterName}.${string}`;

export interface PageEntry {
  /** The route: '/contacts/:id'; '/' is the dashboard. */
  path: string;
  /** The page's code, loaded on demand (its module's default export). */
  load(): Promise<{ default: ComponentType }>;
  /** Outside the signed-in shell: a guest may open it (the page itself says what a guest sees). */
  guest?: true;
  /** Its link in the navigation (the sidebar and the phone drawer), in this order: the English label and the icon. */
  nav?: { label: string; icon: ReactNode };
  /** The link shows only to someone in at least one team (issue 51 §1: the team's place). */
  teamsOnly?: true;
  /** Reads of this screen kept on the device so it stays readable offline after a restart (decision 027). */
  kept?: readonly string[];
  /** The writes this screen makes, by kind, and which cached reads each makes stale (SPEC §7). */
  writes?: Readonly<Record<string, readonly CacheName[]>>;
}

/** The Prayer Journal's icon: a heart. */
const heart = 'M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z';

// Every kind of write refreshes the dashboard: its stats count activities, contacts and prayers, and its summary also
// lists goals and follow-ups. Insights (the weekly chart, the journey funnel, the due badge) count activities,
// contacts and follow-ups.
export const pages = {
  dashboard: {
    path: '/',
    load: () => import('./DashboardPage'),
    nav: {
      label: msg('Dashboard'),
      icon: (
        <>
          <rect width="7" height="9" x="3" y="3" rx="1" />
          <rect width="7" height="5" x="14" y="3" rx="1" />
          <rect width="7" height="9" x="14" y="12" rx="1" />
          <rect width="7" height="5" x="3" y="16" rx="1" />
        </>
      ),
    },
    kept: ['dashboard.summary', 'insights.journey', 'insights.activityWeeks', 'attention.list'],
  },
  activities: {
    path: entities.activities.page,
    load: () => import('./ActivitiesPage'),
    nav: { label: msg('Activities'), icon: <path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z" /> },
    kept: ['activities.list', 'activities.byId'],
    writes: {
      // One create may add its contact, a follow-up and a prayer request, and it counts toward the goals of its type.
      activityCreate: ['activities', 'contacts', 'followUps', 'prayerRequests', 'goals', 'dashboard', 'insights', 'attention'],
      // A changed contact name may create that contact; goals count activities, so an edit or deletion moves them.
      activity: ['activities', 'contacts', 'goals', 'dashboard', 'insights', 'attention'],
    },
  },
  contacts: {
    path: entities.contacts.page,
    load: () => import('./ContactsPage'),
    nav: {
      label: msg('Contacts'),
      icon: (
        <>
          <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
          <circle cx="9" cy="7" r="4" />
          <path d="M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
        </>
      ),
    },
    kept: ['contacts.list', 'contacts.count'],
    writes: {
      // Names show on activities, follow-ups and prayers, which a deletion removes too; new-contact goals count contacts.
      contact: ['contacts', 'activities', 'followUps', 'prayerRequests', 'goals', 'dashboard', 'insights', 'attention'],
      // Who needs attention (its list and thresholds): every touch above changes it too.
      attention: ['attention'],
    },
  },
  contact: {
    path: `${entities.contacts.page}/:id`,
    load: () => import('./ContactDetailPage'),
    kept: ['contacts.byId', 'contacts.timeline', 'comments.list'],
    // A comment (issue 51 §3) may tell teammates; the writer's own inbox is unchanged, but its list is the contact's.
    writes: { comment: ['comments'] },
  },
  // Issue 50: the tree of the 'discipled by' links, reached from a person's relationships.
  generations: { path: '/generations', load: () => import('./GenerationsPage'), kept: ['contacts.generations'] },
  followUps: {
    path: entities.followUps.page,
    load: () => import('./FollowUpsPage'),
    nav: {
      label: msg('Follow-ups'),
      icon: (
        <>
          <rect width="18" height="18" x="3" y="4" rx="2" />
          <path d="M16 2v4M8 2v4M3 10h18M9 16l2 2 4-4" />
        </>
      ),
    },
    kept: ['followUps.list', 'followUps.counts', 'followUps.byId'],
    // A contact's page lists their follow-ups and prayers in its timeline; contacts show their next follow-up and last contact.
    writes: { followUp: ['followUps', 'contacts', 'contacts.timeline', 'dashboard', 'insights', 'attention'] },
  },
  prayers: {
    path: entities.prayerRequests.page,
    load: () => import('./PrayerJournalPage'),
    nav: {
      label: msg('Prayer Journal'),
      icon: <path d={heart} />,
    },
    kept: ['prayerRequests.list', 'prayerRequests.counts', 'prayerRequests.byId', 'prayerRequests.today', 'prayerLists.list'],
    // A request's list moves the lists' counts; a list's count a day or its deletion changes Pray today.
    writes: { prayer: ['prayerRequests', 'prayerLists', 'contacts.timeline', 'dashboard'], prayerList: ['prayerLists', 'prayerRequests'] },
  },
  // Issue 51 §1: the team's place, for the team chosen in the switcher; shown in the navigation to team members only.
  teamHome: {
    path: '/team',
    load: () => import('./TeamDashboardPage'),
    nav: {
      label: msg('Team'),
      icon: (
        <>
          <path d="M18 21a8 8 0 0 0-16 0" />
          <circle cx="10" cy="8" r="5" />
          <path d="M22 20c0-3.37-2-6.5-4-8a5 5 0 0 0-.45-8.3" />
        </>
      ),
    },
    teamsOnly: true,
    kept: ['teams.dashboard'],
  },
  teamMember: { path: '/team/:teamId/members/:userId', load: () => import('./TeamWorkloadPage'), kept: ['teams.workload'] },
  goals: {
    path: entities.goals.page,
    load: () => import('./GoalsPage'),
    nav: {
      label: msg('Goals'),
      icon: (
        <>
          <circle cx="12" cy="12" r="10" />
          <circle cx="12" cy="12" r="6" />
          <circle cx="12" cy="12" r="2" />
        </>
      ),
    },
    kept: ['goals.list'],
    writes: { goal: ['goals', 'dashboard'] },
  },
  resources: {
    path: entities.resources.page,
    load: () => import('./ResourcesPage'),
    nav: { label: msg('Resources'), icon: <path d="M2 3h6a4 4 0 0 1 4 4v14a3 3 0 0 0-3-3H2zM22 3h-6a4 4 0 0 0-4 4v14a3 3 0 0 1 3-3h7z" /> },
    kept: ['resources.list'],
  },
  resource: { path: `${entities.resources.page}/:id`, load: () => import('./ResourceDetailPage'), kept: ['resources.byId'] },
  settings: {
    path: '/settings',
    load: () => import('./SettingsPage'),
    // Renaming, merging or deleting a tag changes what the contacts carry.
    writes: { tag: ['tags', 'contacts'] },
  },
  // The notifications inbox (issue 51 §3), opened from the bell in the top bar.
  notifications: {
    path: '/notifications',
    load: () => import('./NotificationsPage'),
    kept: ['notifications.inbox'],
    writes: { notification: ['notifications'] },
  },
  teams: { path: entities.teams.page, load: () => import('./TeamsPage') },
  team: { path: `${entities.teams.page}/:teamId`, load: () => import('./TeamPage') },
  login: { path: '/login', load: () => import('./LoginPage'), guest: true },
  // An invite link's page, signed in or not: a guest is asked to sign in or register and comes back to it.
  invite: { path: '/invite/:code', load: () => import('./InvitePage'), guest: true },
  // An email-confirmation link's page, signed in or not: the link's token is the credential.
  confirmEmail: { path: '/confirm-email', load: () => import('./ConfirmEmailPage'), guest: true },
  // "Forgot password?" and where its link lands, signed in or not: the link's token is the credential.
  forgotPassword: { path: '/forgot-password', load: () => import('./ForgotPasswordPage'), guest: true },
  resetPassword: { path: '/reset-password', load: () => import('./ResetPasswordPage'), guest: true },
} satisfies Record<string, PageEntry>;

export type PageKey = keyof typeof pages;

/** Reads the signed-in shell shows on every screen, kept beside the pages' own: the contact names the forms
 * recognise, the team switcher's teams, the follow-ups badge. */
export const shellKeptReads = ['contacts.names', 'teams.list', 'insights.dueFollowUps'] as const;

/** A route's path as a pattern for whole paths: each `:param` is one segment. */
export const pathPattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);

type Writes<Entry> = Entry extends { writes: infer W } ? keyof W & string : never;
/** The writes the screens make, named by what they change. */
export type WriteKind = { [Key in PageKey]: Writes<(typeof pages)[Key]> }[PageKey];
