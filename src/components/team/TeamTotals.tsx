// A team's progress on its page (teams.insight): the dashboard's four numbers, its 12-week chart and journey funnel over
// the team's rows, and for admins one row per member (the server sends members to admins only).
import { useMemo } from 'react';
import { t } from '../../i18n';
import { formatDay } from '../../lib/dates';
import { fullName } from '../../lib/names';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { InsightCharts, useChartWeeks } from '../DashboardInsight';
import { ScrollRow } from '../ScrollRow';
import { StatCards } from '../StatCards';
import { roleLabel } from './teamWords';

type MemberFigures = RouterOutputs['teams']['insight']['members'];

function MemberTable({ members }: { members: MemberFigures }) {
  const caption = t('How each member is doing');
  return (
    <section className="card min-w-0 border border-base-300 bg-base-100" aria-label={caption}>
      <div className="card-body gap-3 p-4 sm:p-5">
        <h2 className="font-semibold">{caption}</h2>
        {/* Scrolls sideways on a phone rather than squeezing the numbers, with a fade on the side where more is. */}
        <ScrollRow label={caption}>
          <table className="table table-sm" data-testid="member-figures">
            <thead>
              <tr className="text-base-content/80">
                <th scope="col">{t('Member')}</th>
                <th scope="col">{t('Activities, 30 days')}</th>
                <th scope="col">{t('Assigned contacts')}</th>
                <th scope="col">{t('Pending follow-ups')}</th>
                <th scope="col">{t('Overdue')}</th>
                <th scope="col">{t('Last activity')}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.userId}>
                  <th scope="row" className="font-medium whitespace-nowrap">
                    <span dir="auto">{fullName(member)}</span>
                    <span className="block text-xs font-normal text-base-content/70">{roleLabel(member.role)}</span>
                  </th>
                  <td>{member.activities30d}</td>
                  <td>{member.assigned}</td>
                  <td>{member.pendingFollowUps}</td>
                  <td className={member.overdueFollowUps ? 'font-semibold text-error' : undefined}>{member.overdueFollowUps}</td>
                  <td>{member.lastActivityAt ? formatDay(member.lastActivityAt) : t('None yet')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRow>
      </div>
    </section>
  );
}

export function TeamTotals({ teamId }: { teamId: number }) {
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  // The dashboard's weeks, computed by this browser (issue 48): the server's zone rules may start them on another day.
  const boundaries = useChartWeeks();
  const insight = trpc.teams.insight.useQuery({ teamId, timeZone, boundaries });
  const totals = insight.data?.totals;
  if (insight.isError) return <p className="text-sm text-base-content/75">{t('The team’s figures could not be loaded. Please try refreshing the page.')}</p>;
  return (
    <div className="flex flex-col">
      {totals ? <StatCards stats={totals} /> : <div className="skeleton h-32 w-full" />}
      <InsightCharts weeks={{ data: totals?.weeks, isError: false }} journey={{ data: totals?.funnel, isError: false }} />
      {!!insight.data?.members.length && (
        <div className="mt-6">
          <MemberTable members={insight.data.members} />
        </div>
      )}
    </div>
  );
}
