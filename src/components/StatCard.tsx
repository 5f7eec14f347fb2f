// A dashboard number: title, value, icon and, when given, its trend (green when up, red when down, plain when level).
import type { ReactNode } from 'react';
import { formattingLocale, t } from '../i18n';

export interface Trend {
  /** Percent change. */
  value: number;
  label: string;
  isPositive: boolean;
}

interface StatCardProps {
  title: string;
  value: number | string;
  icon: ReactNode;
  trend?: Trend;
  /** A line under the value, such as '12 times prayed'. */
  detail?: string;
}

/** '+12%', '-5%', '0%' in English; the sign, digits and percent sign of the current language elsewhere. */
function formatTrend(percent: number): string {
  return new Intl.NumberFormat(formattingLocale(), { style: 'percent', signDisplay: 'exceptZero', useGrouping: false }).format(percent / 100);
}

export function StatCard({ title, value, icon, trend, detail }: StatCardProps) {
  return (
    <div className="card border border-base-300 bg-base-100">
      <div className="card-body gap-1 p-4 sm:gap-1.5 sm:p-5">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-sm leading-tight font-medium text-base-content/75">{title}</h2>
          <span className="hidden h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary sm:flex">{icon}</span>
        </div>
        <p className="text-2xl font-bold sm:text-3xl" data-testid="stat-value">
          {value}
        </p>
        {detail && <p className="text-xs text-base-content/75">{detail}</p>}
        {trend && (
          <p className="text-xs text-base-content/75">
            {/* Green and red are not the only cue: the sign and the arrow say the direction too. No change (0 against 0
                included) is neither good nor bad news: plain text, a level arrow. */}
            <span className={`font-semibold ${trend.value === 0 ? 'text-base-content' : trend.isPositive ? 'text-success' : 'text-error'}`} data-trend={trend.value === 0 ? 'level' : trend.isPositive ? 'up' : 'down'}>
              <span aria-hidden="true" className={trend.value === 0 ? 'inline-block rtl:-scale-x-100' : undefined}>
                {trend.value === 0 ? '→' : trend.isPositive ? '↑' : '↓'}{' '}
              </span>
              {formatTrend(trend.value)}
            </span>{' '}
            {t(trend.label)}
          </p>
        )}
      </div>
    </div>
  );
}
