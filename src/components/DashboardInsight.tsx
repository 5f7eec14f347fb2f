// The dashboard's charts (outreach per week, the journey funnel, this month's faith milestones); loaded lazily, after the dashboard's own numbers. The
// team page draws a team's with the same InsightCharts.
import { useMemo, type ReactNode } from 'react';
import { t } from '../i18n';
import { trpc } from '../lib/trpc';
import { useSpace } from '../hooks/useTeams';
import { weekBoundaries } from '../../shared/weeks';
import { addMonths, startOfMonth } from 'date-fns';
import { ActivityWeeksChart } from './ActivityWeeksChart';
import { JourneyFunnel } from './JourneyFunnel';
import { MilestoneCounts } from './MilestoneCounts';

const WEEKS = 12;

function card(title: string, body: ReactNode, className: string) {
  return (
    <section className={`card min-w-0 border border-base-300 bg-base-100 ${className}`} aria-label={title}>
      <div className="card-body gap-3 p-4 sm:p-5">
        <h2 className="font-semibold">{title}</h2>
        {body}
      </div>
    </section>
  );
}

/** Holds the chart's height while its numbers load, so nothing below jumps. */
const placeholder = <div className="skeleton h-52 w-full" />;
const failed = () => <p className="text-sm text-base-content/75">{t('This chart could not be loaded. Please try refreshing the page.')}</p>;

type Load<T> = { data?: T; isError: boolean };

/** The two charts side by side (stacked on phones), each with its placeholder while loading and its failure. */
export function InsightCharts({
  weeks,
  journey,
  milestones,
}: {
  weeks: Load<Parameters<typeof ActivityWeeksChart>[0]['weeks']>;
  journey: Load<Parameters<typeof JourneyFunnel>[0]['stages']>;
  /** This month's faith milestones by kind (issue 50), where a screen shows them. */
  milestones?: Load<Parameters<typeof MilestoneCounts>[0]['counts']>;
}) {
  const outreach = t('Outreach by week');
  const funnel = t('Contacts on the journey');
  const month = t('Milestones this month');
  return (
    <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-5">
      {card(outreach, weeks.data ? <ActivityWeeksChart weeks={weeks.data} title={outreach} /> : weeks.isError ? failed() : placeholder, 'lg:col-span-3')}
      {card(funnel, journey.data ? <JourneyFunnel stages={journey.data} title={funnel} /> : journey.isError ? failed() : placeholder, 'lg:col-span-2')}
      {milestones &&
        card(
          month,
          milestones.data ? <MilestoneCounts counts={milestones.data} /> : milestones.isError ? failed() : <div className="skeleton h-56 w-full lg:h-24" />,
          'lg:col-span-5',
        )}
    </div>
  );
}

/** This month in the browser's zone: its first local midnight and the next month's. */
const useThisMonth = () =>
  useMemo(() => {
    const from = startOfMonth(new Date());
    return { from, to: addMonths(from, 1) };
  }, []);

/** The dashboard's 12 weeks: local Mondays in the browser's zone, the week rule the team page reads too (TeamTotals). */
export const useChartWeeks = () => useMemo(() => weekBoundaries(WEEKS), []);

export default function DashboardInsight() {
  const boundaries = useChartWeeks();
  // In the space the switcher chose (issue 48), as the numbers above.
  const team = useSpace();
  const weeks = trpc.insights.activityWeeks.useQuery({ boundaries, team });
  const journey = trpc.insights.journey.useQuery(team === undefined ? undefined : { team });
  const month = useThisMonth();
  const milestones = trpc.insights.milestones.useQuery({ ...month, team });
  return <InsightCharts weeks={weeks} journey={journey} milestones={milestones} />;
}
