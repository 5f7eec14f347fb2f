// The team page's insight input: which team, the zone its days are read in, and the chart's weeks.
import { z } from 'zod';
import { id, timeZoneInput } from './common';
import { activityWeeksInput } from './insights';

/**
 * A follow-up is overdue from the start of the caller's day: in `timeZone`, else their saved zone, else UTC. The chart's
 * weeks are `boundaries` when given, computed by the browser as the dashboard's are (shared/weeks.ts), so both pages
 * start a week on the same day even where the browser's zone rules and the server's differ (issue 48); without them,
 * the local Mondays of that zone.
 */
export const teamInsightInput = z.object({ teamId: id, timeZone: timeZoneInput, boundaries: activityWeeksInput.shape.boundaries.optional() });

/** The team dashboard (issue 51 §1): which team, and the zone its week, month and overdue days are read in. */
export const teamDashboardInput = z.object({ teamId: id, timeZone: timeZoneInput });

/** A member's workload (issue 51 §1, admins): which team, which member, the zone their overdue days are read in. */
export const teamWorkloadInput = z.object({ teamId: id, userId: id, timeZone: timeZoneInput });
