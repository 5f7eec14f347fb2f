// How many pending follow-ups are overdue or due today, for the badge on the Follow-ups link.
import { useState } from 'react';
import { trpc } from '../lib/trpc';

/** Local midnight at the end of today; by hand, as this runs in the entry chunk, which date-fns is kept out of. */
export function startOfTomorrow() {
  const date = new Date();
  date.setHours(24, 0, 0, 0);
  return date;
}

export function useDueFollowUps(): number {
  // Fixed for the life of the shell; a page load on a new day counts from that day.
  const [before] = useState(startOfTomorrow);
  return trpc.insights.dueFollowUps.useQuery({ before }).data?.count ?? 0;
}
