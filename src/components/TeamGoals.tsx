// A team's goals with each member's share (issue 51 §6), for the team dashboard: the goals of the team chosen, counted
// on read from every member's records on the team's contacts (goals.list answers them with their shares).
import { t } from '../i18n';
import { goalPercentage } from '../lib/goals';
import { trpc } from '../lib/trpc';
import { LoadGate } from './LoadGate';
import { TeamGoalShares } from './TeamGoalShares';

export function TeamGoals({ teamId }: { teamId: number }) {
  const goals = trpc.goals.list.useQuery();
  const ofTeam = (goals.data ?? []).filter((goal) => goal.teamId === teamId && !goal.completed);
  return (
    // As the dashboard's own cards (TeamDashboardPage's Card): the same padding on a phone and the same title.
    <section className="card min-w-0 border border-base-300 bg-base-100" aria-labelledby={`team-goals-${teamId}`}>
      <div className="card-body gap-3 p-4 sm:p-5">
        <h2 id={`team-goals-${teamId}`} className="font-semibold">
          {t('Team goals')}
        </h2>
        <LoadGate loads={[goals]} failed={t('We could not load the team’s goals.')}>
          {ofTeam.length === 0 ? (
            <p className="text-sm text-base-content/75">{t('The team has no goals in progress.')}</p>
          ) : (
            <ul className="flex flex-col gap-4">
              {ofTeam.map((goal) => (
                <li key={goal.id} className="flex flex-col gap-2">
                  <div className="flex items-baseline justify-between gap-3">
                    <span dir="auto" className="min-w-0 font-medium wrap-anywhere">
                      {goal.title}
                    </span>
                    <span className="shrink-0 text-sm tabular-nums">
                      {t('{current} of {target}', { current: goal.currentCount, target: goal.targetCount })}
                    </span>
                  </div>
                  <progress
                    className="progress w-full progress-primary"
                    value={goalPercentage(goal.currentCount, goal.targetCount)}
                    max={100}
                    aria-label={t('{title}: {current} of {target}', { title: goal.title, current: goal.currentCount, target: goal.targetCount })}
                  />
                  <TeamGoalShares shares={goal.shares} title={goal.title} />
                </li>
              ))}
            </ul>
          )}
        </LoadGate>
      </div>
    </section>
  );
}
