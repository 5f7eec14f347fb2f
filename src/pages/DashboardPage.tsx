// Dashboard: the numbers, a few goals, the latest activities, what is due next and some reading, from one call.
import { startOfToday } from 'date-fns';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ActivityItem } from '../components/ActivityItem';
import { FollowUpItem } from '../components/FollowUpItem';
import { GoalProgress } from '../components/GoalProgress';
import { ChatIcon, CrossIcon, HandsIcon, PersonPlusIcon, PlusIcon } from '../components/Icons';
import { Modal } from '../components/Modal';
import { PageHeader } from '../components/PageHeader';
import { ResourceCard } from '../components/ResourceCard';
import { Spinner } from '../components/Spinner';
import { StatCard } from '../components/StatCard';
import { ActivityForm } from '../forms/ActivityForm';
import { goalPercentage } from '../lib/goals';
import { trpc } from '../lib/trpc';

function Panel({ title, link, children }: { title: string; link: { to: string; label: string }; children: React.ReactNode }) {
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby={`panel-${link.to}`}>
      <div className="card-body gap-3 p-5">
        <div className="flex items-center justify-between gap-2">
          <h2 id={`panel-${link.to}`} className="font-semibold">
            {title}
          </h2>
          <Link to={link.to} className="link text-sm link-hover link-primary">
            {link.label}
          </Link>
        </div>
        {children}
      </div>
    </section>
  );
}

function Empty({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <p className="text-sm text-base-content/75">
      {text}{' '}
      <Link to={to} className="link link-primary">
        {label}
      </Link>
    </p>
  );
}

export default function DashboardPage() {
  const upcomingFrom = useMemo(() => startOfToday(), []);
  const summary = trpc.dashboard.summary.useQuery({ upcomingFrom });
  const [logging, setLogging] = useState(false);

  const header = (
    <PageHeader
      title="Dashboard"
      subtitle="Your gospel sharing journey at a glance."
      action={
        <button type="button" className="btn btn-primary" onClick={() => setLogging(true)}>
          <PlusIcon /> Log Activity
        </button>
      }
    />
  );
  const form = (
    <Modal open={logging} title="Log Activity" onClose={() => setLogging(false)} wide>
      <ActivityForm onDone={() => setLogging(false)} />
    </Modal>
  );

  if (!summary.data)
    return (
      <>
        {header}
        {summary.isError ? <p className="text-error">We could not load your dashboard. Please try refreshing the page.</p> : <Spinner />}
        {form}
      </>
    );

  const { stats, goals, activities, followUps, resources } = summary.data;
  return (
    <>
      {header}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard title="Conversations" value={stats.totalConversations} icon={<ChatIcon />} trend={stats.trends.conversations} />
        <StatCard title="Gospel Presentations" value={stats.totalGospelPresentations} icon={<CrossIcon />} trend={stats.trends.gospelPresentations} />
        <StatCard title="New Contacts" value={stats.totalContacts} icon={<PersonPlusIcon />} trend={stats.trends.contacts} />
        <StatCard
          title="Prayer Requests"
          value={stats.totalPrayerRequests}
          icon={<HandsIcon />}
          trend={stats.trends.prayerRequests}
          detail={`${stats.totalPrayers} ${stats.totalPrayers === 1 ? 'time' : 'times'} prayed`}
        />
      </div>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Panel title="Goals" link={{ to: '/goals', label: 'View all' }}>
          {goals.length === 0 ? (
            <Empty text="No active goals." to="/goals" label="Set your first goal" />
          ) : (
            <div className="flex flex-col gap-4">
              {goals.map((goal) => (
                <GoalProgress key={goal.id} goalId={goal.id} title={goal.title} current={goal.currentCount} target={goal.targetCount} percentage={goalPercentage(goal.currentCount, goal.targetCount)} />
              ))}
            </div>
          )}
        </Panel>

        <Panel title="Recent Activities" link={{ to: '/activities', label: 'View all' }}>
          {activities.length === 0 ? (
            <Empty text="No activities recorded yet." to="/activities" label="Log your first activity" />
          ) : (
            <ul className="-mx-2 flex flex-col">
              {activities.map((activity) => (
                <li key={activity.id}>
                  <ActivityItem type={activity.type} contactName={activity.contactName} notes={activity.notes} date={activity.date} to={`/activities?id=${activity.id}`} />
                </li>
              ))}
            </ul>
          )}
        </Panel>

        <Panel title="Upcoming Follow-ups" link={{ to: '/followups', label: 'View all' }}>
          {followUps.length === 0 ? (
            <Empty text="No upcoming follow-ups." to="/followups" label="Schedule a follow-up" />
          ) : (
            <ul className="-mx-2 flex flex-col">
              {followUps.map((followUp) => (
                <li key={followUp.id}>
                  <Link to={`/followups?id=${followUp.id}`} className="flex rounded-box p-2 hover:bg-base-200 focus-visible:bg-base-200">
                    <FollowUpItem contactName={followUp.contactName} description={followUp.description} type={followUp.type} date={followUp.date} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Panel>

        <Panel title="Resources" link={{ to: '/resources', label: 'View all' }}>
          <ul className="flex flex-col gap-3">
            {resources.map((resource) => (
              <li key={resource.id}>
                <ResourceCard {...resource} />
              </li>
            ))}
          </ul>
        </Panel>
      </div>
      {form}
    </>
  );
}
