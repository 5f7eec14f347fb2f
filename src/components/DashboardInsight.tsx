// The dashboard's charts (outreach per week, the journey funnel); loaded lazily, after the dashboard's own numbers.
import { useMemo, type ReactNode } from 'react';
import { t } from '../i18n';
import { trpc } from '../lib/trpc';
import { weekBoundaries } from '../../shared/weeks';
import { ActivityWeeksChart } from './ActivityWeeksChart';
import { JourneyFunnel } from './JourneyFunnel';

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

export default function DashboardInsight() {
  const boundaries = useMemo(() => weekBoundaries(WEEKS), []);
  const weeks = trpc.insights.activityWeeks.useQuery({ boundaries });
  const journey = trpc.insights.journey.useQuery();
  const outreach = t('Outreach by week');
  const funnel = t('Contacts on the journey');
  return (
    <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-5">
      {card(outreach, weeks.data ? <ActivityWeeksChart weeks={weeks.data} title={outreach} /> : weeks.isError ? failed() : placeholder, 'lg:col-span-3')}
      {card(funnel, journey.data ? <JourneyFunnel stages={journey.data} title={funnel} /> : journey.isError ? failed() : placeholder, 'lg:col-span-2')}
    </div>
  );
}
