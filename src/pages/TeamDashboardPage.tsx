// The team's place (/team, issue 51 §1): the dashboard of the team chosen in the switcher. This week's activities by
// kind, milestones, follow-ups due and overdue, who needs attention, an answer or an update, the team's good news and
// each member's line (an admin's: every member, each opening their workload; anyone else's: their own). Every number
// opens the list behind it: the activities or follow-ups list in this team's space, or the names listed under it.
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { addDays } from 'date-fns';
import { roleCan } from '../../shared/roles';
import { activityTypeLabel, activityTypes, milestoneLabel, type MilestoneKind } from '../../shared/vocabulary';
import { PageHeader } from '../components/PageHeader';
import { Spinner } from '../components/Spinner';
import { roleLabel } from '../components/team/teamWords';
import { TeamDashboardSections } from '../components/team-place/sections';
import { useTeams, type Team } from '../hooks/useTeams';
import { t } from '../i18n';
import { formatDay, toDateInputValue } from '../lib/dates';
import { fullName } from '../lib/names';
import { trpc, type RouterOutputs } from '../lib/trpc';

type Dashboard = RouterOutputs['teams']['dashboard'];
type ContactList = Dashboard['attention'];
type MemberLine = Dashboard['members'][number];

/** A card of the page: its title, and what it holds. */
function Card({ title, children, id, testId }: { title: string; children: ReactNode; id?: string; testId?: string }) {
  return (
    <section id={id} className="card min-w-0 border border-base-300 bg-base-100" aria-label={title} data-testid={testId}>
      <div className="card-body gap-3 p-4 sm:p-5">
        <h2 className="font-semibold">{title}</h2>
        {children}
      </div>
    </section>
  );
}

/** A number that opens its list, with what it counts beside it. */
/** The contacts list of the contacts with a milestone (or any) dated in a stretch of the page: its days, inclusive. */
const milestonesIn = (kind: MilestoneKind | 'any', stretch: { start: Date; end: Date }) =>
  `/contacts?milestone=${kind}&milestoneFrom=${toDateInputValue(stretch.start)}&milestoneTo=${toDateInputValue(addDays(stretch.end, -1))}`;

function Figure({
  count,
  more = false,
  label,
  to,
  testId,
  tone,
}: {
  count: number;
  more?: boolean;
  label: string;
  to: string;
  testId: string;
  tone?: 'error';
}) {
  // "20+": a list the server stopped counting at what the page shows.
  const shown = more ? `${count}+` : String(count);
  return (
    <Link
      to={to}
      className="flex min-w-0 items-baseline gap-2 rounded-field px-2 py-1 hover:bg-base-200 focus-visible:bg-base-200"
      data-testid={testId}
      aria-label={`${shown} ${label}`}
    >
      <span className={`text-2xl font-semibold tabular-nums ${tone === 'error' && count > 0 ? 'text-error' : ''}`}>{shown}</span>
      <span className="min-w-0 text-sm wrap-break-word text-base-content/80">{label}</span>
    </Link>
  );
}

/** A list of team contacts (attention, waiting, update needed): its count opens the names under it. */
function ContactListCard({
  id,
  title,
  list,
  empty,
  sinceLabel,
}: {
  id: string;
  title: string;
  list: ContactList;
  empty: string;
  sinceLabel: (since: Date) => string;
}) {
  return (
    <Card title={title} id={id} testId={id}>
      <Figure count={list.count} more={list.more} label={title} to={`#${id}-list`} testId={`${id}-count`} />
      {list.items.length === 0 ? (
        <p className="text-sm text-base-content/75">{empty}</p>
      ) : (
        <ul id={`${id}-list`} className="flex flex-col divide-y divide-base-300">
          {list.items.map((item) => (
            <li key={item.contactId} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <Link to={`/contacts/${item.contactId}`} className="link min-w-0 font-medium wrap-break-word link-hover" dir="auto">
                {item.name}
              </Link>
              <span className="text-xs text-base-content/75">
                {item.assigneeName && <span dir="auto">{item.assigneeName} · </span>}
                {item.since && sinceLabel(item.since)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {list.more && <p className="text-xs text-base-content/70">{t('There are more: the first {shown} are shown.', { shown: list.items.length })}</p>}
    </Card>
  );
}

function MemberLines({ team, members }: { team: Team; members: MemberLine[] }) {
  const manage = roleCan(team.role, 'manage');
  const title = manage ? t('Each member') : t('Your work in the team');
  return (
    <Card title={title} testId="team-members">
      <ul className="flex flex-col divide-y divide-base-300">
        {members.map((member) => (
          <li key={member.userId} className="flex flex-col gap-1 py-2" data-testid="member-line">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              {manage ? (
                <Link to={`/team/${team.id}/members/${member.userId}`} className="link font-medium link-hover" dir="auto">
                  {fullName(member)}
                </Link>
              ) : (
                <span className="font-medium" dir="auto">
                  {fullName(member)}
                </span>
              )}
              <span className="text-xs text-base-content/70">{roleLabel(member.role)}</span>
            </div>
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/80">
              <span>{t('{count, plural, one {# assigned} other {# assigned}}', { count: member.assigned })}</span>
              <span className={member.overdueFollowUps ? 'font-semibold text-error' : undefined}>
                {t('{count, plural, one {# overdue} other {# overdue}}', { count: member.overdueFollowUps })}
              </span>
              <span>{member.lastActivityAt ? t('Last activity {date}', { date: formatDay(member.lastActivityAt) }) : t('No activity yet')}</span>
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function TeamDashboard({ team }: { team: Team }) {
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const dashboard = trpc.teams.dashboard.useQuery({ teamId: team.id, timeZone });
  // The team's goals (TeamGoals, under the figures) asked with the figures, not once they have come: the server's first
  // screen (src/entry-server.tsx) reads both in one pass, as the personal dashboard's reads are.
  trpc.goals.list.useQuery();
  const header = (
    <PageHeader
      title={team.name}
      subtitle={t('Your role: {role}', { role: roleLabel(team.role) })}
      action={
        <Link to={`/settings/teams/${team.id}`} className="btn btn-ghost btn-sm self-start">
          {t('Team settings')}
        </Link>
      }
    />
  );
  if (dashboard.isError)
    return (
      <>
        {header}
        <p className="text-sm text-base-content/75">{t('The team’s figures could not be loaded. Please try refreshing the page.')}</p>
      </>
    );
  if (!dashboard.data)
    return (
      <>
        {header}
        <Spinner />
      </>
    );
  const data = dashboard.data;
  const from = toDateInputValue(data.week.start);
  const to = toDateInputValue(addDays(data.week.end, -1));
  const weekMilestones = data.milestones.week.reduce((sum, row) => sum + row.count, 0);
  const monthMilestones = data.milestones.month.reduce((sum, row) => sum + row.count, 0);
  return (
    <>
      {header}
      <div className="flex flex-col gap-6" data-testid="team-dashboard">
        <div className="grid gap-4 md:grid-cols-3">
          <Card title={t('This week')} testId="team-week">
            <Figure count={data.week.total} label={t('activities')} to={`/activities?from=${from}&to=${to}`} testId="week-total" />
            <ul className="flex flex-col">
              {activityTypes.map((type) => (
                <li key={type}>
                  <Figure
                    count={data.week.counts[type]}
                    label={activityTypeLabel(type)}
                    to={`/activities?type=${type}&from=${from}&to=${to}`}
                    testId={`week-${type}`}
                  />
                </li>
              ))}
            </ul>
          </Card>
          <Card title={t('Follow-ups')} testId="team-followups">
            <Figure count={data.followUps.overdue} label={t('overdue')} to="/followups" testId="followups-overdue" tone="error" />
            <Figure count={data.followUps.dueToday} label={t('due today')} to="/followups" testId="followups-today" />
          </Card>
          <Card title={t('Milestones')} testId="team-milestones">
            <div className="flex flex-col gap-1">
              <Link to={milestonesIn('any', data.week)} className="link text-sm link-hover text-base-content/80" data-testid="milestones-week">
                {t('{count, plural, one {# milestone this week} other {# milestones this week}}', { count: weekMilestones })}
              </Link>
              <Link to={milestonesIn('any', data.month)} className="link text-sm link-hover text-base-content/80" data-testid="milestones-month">
                {t('{count, plural, one {# milestone this month} other {# milestones this month}}', { count: monthMilestones })}
              </Link>
            </div>
            <ul className="flex flex-wrap gap-2">
              {data.milestones.month
                .filter((row) => row.count > 0)
                .map((row) => (
                  <li key={row.kind}>
                    <Link to={milestonesIn(row.kind, data.month)} className="badge h-auto badge-ghost py-1 wrap-break-word hover:badge-outline">
                      {milestoneLabel(row.kind)}: {row.count}
                    </Link>
                  </li>
                ))}
            </ul>
          </Card>
        </div>
        <div className="grid gap-4 md:grid-cols-3">
          <ContactListCard
            id="team-attention"
            title={t('Needs attention')}
            list={data.attention}
            empty={t('Everyone in the team has been seen lately.')}
            sinceLabel={(since) => t('since {date}', { date: formatDay(since) })}
          />
          <ContactListCard
            id="team-waiting"
            title={t('Waiting for an answer')}
            list={data.waiting}
            empty={t('Every assignment has been answered.')}
            sinceLabel={(since) => t('assigned {date}', { date: formatDay(since) })}
          />
          <ContactListCard
            id="team-update"
            title={t('Needs an update')}
            list={data.updateNeeded}
            empty={t('No assigned contact has gone {days} days without an activity.', { days: data.team.updateNeededDays })}
            sinceLabel={(since) => t('since {date}', { date: formatDay(since) })}
          />
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <MemberLines team={team} members={data.members} />
          <Card title={t('Good news')} testId="team-good-news">
            {data.goodNews.length === 0 ? (
              <p className="text-sm text-base-content/75">{t('No prayer of the team was answered in the last 30 days yet.')}</p>
            ) : (
              <ul className="flex flex-col divide-y divide-base-300">
                {data.goodNews.map((news) => (
                  <li key={news.id} className="flex flex-col py-2">
                    <span dir="auto" className="wrap-break-word">
                      {news.request}
                    </span>
                    <span className="text-xs text-base-content/70">
                      {news.contactName && <span dir="auto">{news.contactName} · </span>}
                      {t('answered {date}', { date: formatDay(news.answeredAt) })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        {/* Team goals (§6) and the team prayer list (§5) add their sections here: src/components/team-place/sections.tsx. */}
        <TeamDashboardSections teamId={team.id} role={team.role} />
      </div>
    </>
  );
}

export default function TeamDashboardPage() {
  const { teams, currentTeam, setCurrentTeam, loaded } = useTeams();
  if (!loaded) return <Spinner />;
  if (!teams.length)
    return (
      <PageHeader
        title={t('Team')}
        subtitle={t('You are in no team yet.')}
        action={
          <Link to="/settings/teams" className="btn btn-outline btn-sm self-start">
            {t('All teams')}
          </Link>
        }
      />
    );
  if (!currentTeam)
    return (
      <>
        <PageHeader title={t('Team')} subtitle={t('Personal is chosen in the switcher. Which team do you want to see?')} />
        <ul className="flex flex-wrap gap-2">
          {teams.map((team) => (
            <li key={team.id}>
              <button type="button" className="btn btn-outline" onClick={() => setCurrentTeam(team)} dir="auto">
                {team.name}
              </button>
            </li>
          ))}
        </ul>
      </>
    );
  return <TeamDashboard key={currentTeam.id} team={currentTeam} />;
}
