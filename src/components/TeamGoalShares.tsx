// Each member's share of a team goal (issue 51 §6): what they counted toward it in its period, most first. Nothing for a
// personal goal. The Goals page shows it on a team goal's card; TeamGoals on the team dashboard.
import { t } from '../i18n';

interface GoalShare {
  userId: number;
  name: string;
  count: number;
}

export function TeamGoalShares({ shares, title }: { shares: GoalShare[]; title: string }) {
  if (!shares.length) return null;
  return (
    <div className="rounded-box bg-base-200/60 px-3 py-2">
      <p className="text-xs font-semibold text-base-content/75">{t('Each member’s share')}</p>
      <ul className="mt-1 flex flex-col gap-0.5 text-sm" aria-label={t('Each member’s share of {title}', { title })}>
        {shares.map((share) => (
          <li key={share.userId} className="flex items-baseline justify-between gap-3">
            <span dir="auto" className="min-w-0 truncate">
              {share.name}
            </span>
            <span className="shrink-0 tabular-nums">{share.count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
