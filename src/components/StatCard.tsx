// A dashboard number: title, value, icon and, when given, its trend: how many in the last 30 days, and how many in the
// 30 before (green when more, red when fewer, plain when the same).
import type { ReactNode } from 'react';
import { formattingLocale, t } from '../i18n';

export interface Trend {
  /** How many in the last 30 days. */
  value: number;
  /** How many in the 30 days before. */
  previous: number;
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

/** '+15', '0' in English; the sign and digits of the current language elsewhere. */
function formatCount(count: number, sign: boolean): string {
  return new Intl.NumberFormat(formattingLocale(), { signDisplay: sign ? 'exceptZero' : 'auto' }).format(count);
}

export function StatCard({ title, value, icon, trend, detail }: StatCardProps) {
  // The arrow and colour compare the last 30 days with the 30 before, which the line under says.
  const direction = !trend ? null : trend.value === trend.previous ? 'level' : trend.value > trend.previous ? 'up' : 'down';
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
          <div className="text-xs text-base-content/75" data-testid="stat-trend">
            <p>
              {/* Green and red are not the only cue: the arrow says the direction too. The same pace (0 and 0 included)
                  is neither good nor bad news: plain text, a level arrow. */}
              <span
                className={`font-semibold ${direction === 'level' ? 'text-base-content' : trend.isPositive ? 'text-success' : 'text-error'}`}
                data-trend={direction}
              >
                <span aria-hidden="true" className={direction === 'level' ? 'inline-block rtl:-scale-x-100' : undefined}>
                  {direction === 'level' ? '→' : direction === 'up' ? '↑' : '↓'}
                </span>{' '}
                {formatCount(trend.value, true)}
              </span>{' '}
              {t(trend.label)}
            </p>
            <p className="mt-0.5">{t('{count} in the 30 before', { count: formatCount(trend.previous, false) })}</p>
          </div>
        )}
      </div>
    </div>
  );
}
