// Dashboard: the numbers, a few goals, the latest activities, what is due next and some reading, from one call.
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../i18n';
import { ActivityItem } from '../components/ActivityItem';
import { FollowUpItem } from '../components/FollowUpItem';
import { GoalProgress } from '../components/GoalProgress';
import { ClockIcon, PlusIcon } from '../components/Icons';
import { Modal } from '../components/Modal';
import { PageHeader } from '../components/PageHeader';
import { ResourceCard } from '../components/ResourceCard';
import { LoadGate } from '../components/LoadGate';
import { Spinner } from '../components/Spinner';
import { PartUnreachable, QuietlyUnreachable } from '../components/Unreachable';
import { lazyPart } from '../lib/lazyPart';
import { StatCards } from '../components/StatCards';
import { goalPercentage } from '../lib/goals';
import { loadFailed } from '../lib/messages';
import { dashboardSummaryInput } from '../lib/startVisit';
import { trpc } from '../lib/trpc';
import { contactNameShown } from '../../shared/vocabulary';
import { useSpace } from '../hooks/useTeams';

// The charts come after the numbers: their code and data load only once the summary is on screen.
const DashboardInsight = lazyPart(() => import('../components/DashboardInsight'), QuietlyUnreachable);
// Who needs attention: its own call and code, after the dashboard's own sections are on screen (issue 16).
const AttentionCard = lazyPart(() => import('../components/AttentionCard'), QuietlyUnreachable);
// Important dates coming up (issue 50 §6): the same, and nothing at all when there are none.
const UpcomingDatesCard = lazyPart(() => import('../components/UpcomingDatesCard'), QuietlyUnreachable);

// The form (and zod with it) stays off the path to the numbers: fetched once they show, or when the button is neared.
const loadActivityForm = () => import('../forms/ActivityForm');
type ActivityFormProps = Parameters<typeof import('../forms/ActivityForm').ActivityForm>[0];
const ActivityForm = lazyPart<ActivityFormProps>(() => loadActivityForm().then((module) => ({ default: module.ActivityForm })), PartUnreachable);
const preloadActivityForm = () => void loadActivityForm();

/** A titled card with a 'View all' link (named by viewAllLabel for screen readers) to the screen it summarises. */
function panel(title: string, viewAllLabel: string, to: string, body: ReactNode, className = '') {
  return (
    <section className={`card border border-base-300 bg-base-100 ${className}`} aria-label={title}>
      <div className="card-body gap-3 p-4 sm:p-5">
        <div className="flex items-center justify-between gap-2">
          <h2 className="font-semibold">{title}</h2>
          <Link to={to} className="link text-sm link-hover link-primary" aria-label={viewAllLabel}>
            {t('View all')}
          </Link>
        </div>
        {body}
      </div>
    </section>
  );
}

function emptyLine(text: string, to: string, action: string) {
  return (
    <p className="rounded-box bg-base-200/60 px-4 py-5 text-center text-sm text-base-content/75">
      {text}{' '}
      <Link to={to} className="link font-medium link-primary">
        {action}
      </Link>
    </p>
  );
}

export default function DashboardPage() {
  // Upcoming follow-ups count from the start of the user's own day, which only the browser knows. The same input as
  // startVisit's, so a summary it already asked for on the way in is this query's.
  const day = useMemo(() => dashboardSummaryInput(), []);
  // The space the switcher chose (issue 48): every number and list below is its own.
  const team = useSpace();
  const summary = trpc.dashboard.summary.useQuery(team === undefined ? day : { ...day, team });
  const [logging, setLogging] = useState(false);
  const settled = summary.data !== undefined || summary.isError;
  useEffect(() => {
    if (settled) preloadActivityForm();
  }, [settled]);

  const header = (
    <PageHeader
      title={t('Dashboard')}
      subtitle={t('Your gospel sharing journey at a glance.')}
      action={
        <button type="button" className="btn btn-primary" onClick={() => setLogging(true)} onPointerEnter={preloadActivityForm} onFocus={preloadActivityForm}>
          <PlusIcon /> {t('Log Activity')}
        </button>
      }
    />
  );
  const form = (
    <Modal open={logging} title={t('Log Activity')} onClose={() => setLogging(false)} wide>
      <Suspense fallback={<Spinner />}>
        <ActivityForm onDone={() => setLogging(false)} />
      </Suspense>
    </Modal>
  );

  if (!summary.data)
    return (
      <>
        {header}
        {/* Until the summary is here: a spinner, the wait for the connection, or the failure with a retry. */}
        <LoadGate loads={[summary]} failed={loadFailed.dashboard}>
          {null}
        </LoadGate>
        {form}
      </>
    );

  const { stats, goals, activities, followUps, overdueFollowUps, resources } = summary.data;
  return (
    <>
      {header}
      {/* The spec's list below starts today; what is already late is said first, where a phone shows it without a scroll. */}
      {overdueFollowUps > 0 && (
        <Link
          to="/followups"
          className="alert alert-soft alert-error mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 py-3 hover:brightness-95"
          data-testid="overdue-line"
        >
          <ClockIcon />
          <span className="font-semibold">
            {t('{count, plural, one {# follow-up is overdue} other {# follow-ups are overdue}}', { count: overdueFollowUps })}
          </span>
          <span className="ms-auto text-sm font-medium underline underline-offset-2">{t('See overdue follow-ups')}</span>
        </Link>
      )}
      <StatCards stats={stats} />

      <Suspense fallback={null}>
        <DashboardInsight />
      </Suspense>

      <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-2">
        {panel(
          t('Recent Activities'),
          t('View all recent activities'),
          '/activities',
          activities.length === 0 ? (
            emptyLine(t('No activities recorded yet.'), '/activities', t('Log your first activity'))
          ) : (
            <ul className="-mx-2 flex flex-col">
              {activities.map((activity) => (
                <li key={activity.id}>
                  <ActivityItem
                    type={activity.type}
                    contactId={activity.contactId}
                    contactName={contactNameShown(activity.contactName)}
                    notes={activity.notes}
                    date={activity.date}
                    others={activity.others}
                    to={`/activities?id=${activity.id}`}
                  />
                </li>
              ))}
            </ul>
          ),
        )}

        {panel(
          t('Upcoming Follow-ups'),
          t('View all upcoming follow-ups'),
          '/followups',
          followUps.length === 0 ? (
            emptyLine(t('No upcoming follow-ups.'), '/followups', t('Schedule a follow-up'))
          ) : (
            <ul className="-mx-2 flex flex-col">
              {followUps.map((followUp) => (
                <li key={followUp.id}>
                  <FollowUpItem
                    contactId={followUp.contactId}
                    contactName={contactNameShown(followUp.contactName)}
                    description={followUp.description}
                    type={followUp.type}
                    date={followUp.date}
                    to={`/followups?id=${followUp.id}`}
                  />
                </li>
              ))}
            </ul>
          ),
        )}

        <Suspense fallback={null}>
          <AttentionCard />
        </Suspense>

        <Suspense fallback={null}>
          <UpcomingDatesCard />
        </Suspense>

        {panel(
          t('Goals'),
          t('View all goals'),
          '/goals',
          goals.length === 0 ? (
            emptyLine(t('No active goals.'), '/goals', t('Set your first goal'))
          ) : (
            <div className="grid grid-cols-1 gap-5 md:grid-cols-3">
              {goals.map((goal) => (
                <GoalProgress
                  key={goal.id}
                  goalId={goal.id}
                  title={goal.title}
                  current={goal.currentCount}
                  target={goal.targetCount}
                  percentage={goalPercentage(goal.currentCount, goal.targetCount)}
                />
              ))}
            </div>
          ),
          'lg:col-span-2',
        )}
      </div>

      <section className="mt-8" aria-label={t('Resources')}>
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">{t('Resources')}</h2>
          <Link to="/resources" className="link text-sm link-hover link-primary" aria-label={t('View all resources')}>
            {t('View all')}
          </Link>
        </div>
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {resources.map((resource) => (
            <li key={resource.id}>
              <ResourceCard {...resource} />
            </li>
          ))}
        </ul>
      </section>
      {form}
    </>
  );
}
