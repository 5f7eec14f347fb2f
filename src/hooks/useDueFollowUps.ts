// How many pending follow-ups are overdue or due today, for the badge on the Follow-ups link.
import { useEffect, useState } from 'react';
import { startOfTomorrow } from '../lib/days';
import { trpc } from '../lib/trpc';
import { useSpace } from './useTeams';

export function useDueFollowUps(): number {
  const [before, setBefore] = useState(startOfTomorrow);
  // At midnight yesterday's "tomorrow" becomes today: count again from the new day. A sleeping device delays
  // timers, so coming back to the page checks the day too.
  useEffect(() => {
    const roll = () => {
      if (Date.now() >= before.getTime()) setBefore(startOfTomorrow());
    };
    const timer = window.setTimeout(roll, before.getTime() - Date.now() + 1000);
    document.addEventListener('visibilitychange', roll);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', roll);
    };
  }, [before]);
  // In the space the switcher chose (issue 48), as the Follow-ups list it stands beside.
  const team = useSpace();
  return trpc.insights.dueFollowUps.useQuery({ before, team }).data?.count ?? 0;
}
