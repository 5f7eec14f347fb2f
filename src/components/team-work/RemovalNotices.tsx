// Tells a person once that an admin removed them from a team (issue 48): asked when their teams first load and whenever
// one of them goes from the list; the server answers each removal to one request only.
import { useEffect, useRef } from 'react';
import { useTeams } from '../../hooks/useTeams';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n';
import { trpc } from '../../lib/trpc';

export function RemovalNotices() {
  const { teams, loaded } = useTeams();
  const { toast } = useToast();
  const { mutateAsync } = trpc.teams.removalNotices.useMutation();
  const seen = useRef<Set<number> | null>(null);
  const ids = teams.map((team) => team.id).join(',');

  useEffect(() => {
    if (!loaded) return;
    const now = new Set(ids ? ids.split(',').map(Number) : []);
    const before = seen.current;
    seen.current = now;
    if (before && ![...before].some((id) => !now.has(id))) return;
    mutateAsync().then(
      (notices) => {
        for (const notice of notices)
          toast({
            title: t('No longer in a team'),
            description: t('You were removed from the team {team}.', { team: notice.teamName }),
            duration: 10_000,
          });
      },
      // Said on a later start instead: nothing was marked told.
      () => undefined,
    );
  }, [loaded, ids, mutateAsync, toast]);
  return null;
}
