// The team page's insight input: which team, and the zone its weeks and days are read in.
import { z } from 'zod';
import { id, timeZoneInput } from './common';

/** Weeks start at the caller's local Monday midnight and a follow-up is overdue from the start of their day: in `timeZone`, else their saved zone, else UTC. */
export const teamInsightInput = z.object({ teamId: id, timeZone: timeZoneInput });
