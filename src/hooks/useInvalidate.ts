// SPEC §7 in one place: which cached reads each kind of write makes stale, and the hook that refetches them.
import { useCallback } from 'react';
import { trpc } from '../lib/trpc';

/** The writes the screens make, named by what they change. */
export type WriteKind = 'activityCreate' | 'activity' | 'contact' | 'followUp' | 'prayer' | 'goal' | 'attention';

type Utils = ReturnType<typeof trpc.useUtils>;

/** Each cached read by name: a whole router (list, byId, counts…) or, for a contact's page, just its timeline. */
const caches = {
  activities: (u: Utils) => u.activities,
  contacts: (u: Utils) => u.contacts,
  contactTimeline: (u: Utils) => u.contacts.timeline,
  followUps: (u: Utils) => u.followUps,
  prayerRequests: (u: Utils) => u.prayerRequests,
  goals: (u: Utils) => u.goals,
  dashboard: (u: Utils) => u.dashboard,
  insights: (u: Utils) => u.insights,
  attention: (u: Utils) => u.attention,
} satisfies Record<string, (u: Utils) => { invalidate(): Promise<void> }>;
type Cache = keyof typeof caches;

// Every kind refreshes the dashboard: its stats count activities, contacts and prayers, and its summary also
// lists goals and follow-ups. Insights (the weekly chart, the journey funnel, the due badge) count activities,
// contacts and follow-ups.
const staleAfter: Record<WriteKind, readonly Cache[]> = {
  // One create may add its contact, a follow-up and a prayer request, and it counts toward the goals of its type.
  activityCreate: ['activities', 'contacts', 'followUps', 'prayerRequests', 'goals', 'dashboard', 'insights', 'attention'],
  // A changed contact name may create that contact; goals count activities, so an edit or deletion moves them.
  activity: ['activities', 'contacts', 'goals', 'dashboard', 'insights', 'attention'],
  // Names show on activities, follow-ups and prayers, which a deletion removes too; new-contact goals count contacts.
  contact: ['contacts', 'activities', 'followUps', 'prayerRequests', 'goals', 'dashboard', 'insights', 'attention'],
  // A contact's page lists their follow-ups and prayers in its timeline.
  // Contacts show their next follow-up and last contact.
  followUp: ['followUps', 'contacts', 'contactTimeline', 'dashboard', 'insights', 'attention'],
  prayer: ['prayerRequests', 'contactTimeline', 'dashboard'],
  goal: ['goals', 'dashboard'],
  // Who needs attention (its list and thresholds): every touch above changes it too.
  attention: ['attention'],
};

/** Refetches what a write of `kind` changed: each entity's list and whatever else of it is cached (byId, counts). */
export function useInvalidate() {
  const utils = trpc.useUtils();
  return useCallback((kind: WriteKind) => Promise.all(staleAfter[kind].map((cache) => caches[cache](utils).invalidate())), [utils]);
}
