// The badge of new assignments (issue 30): how many team contacts were assigned to me since I last looked at 'Assigned
// to me', and looking there marks them seen.
import { useEffect } from 'react';
import { useTeams } from '../../hooks/useTeams';
import { trpc } from '../../lib/trpc';

/** Unseen assignments; asked only of someone in a team (nobody else can be assigned anything). */
export function useUnseenAssignments(): number {
  const { teams } = useTeams();
  const summary = trpc.assignments.summary.useQuery(undefined, { enabled: teams.length > 0 });
  return teams.length > 0 ? (summary.data?.unseen ?? 0) : 0;
}

/** While 'Assigned to me' is open, its new assignments count as seen, and the badge goes. */
export function useMarkAssignmentsSeen(open: boolean) {
  const utils = trpc.useUtils();
  const { mutate } = trpc.assignments.markSeen.useMutation({ onSuccess: () => void utils.assignments.summary.invalidate() });
  useEffect(() => {
    if (open) mutate();
  }, [open, mutate]);
}
