// A member's workload (/team/:teamId/members/:userId, issue 51 §1), opened by an admin from the member's line on the
// team dashboard: their assigned contacts in the team, their overdue follow-ups on its contacts and their last activity
// in it; never their personal contacts. The server refuses anyone else (a member or viewer 403, an outsider 404).
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { spiritualStatusLabel } from '../../shared/vocabulary';
import { PageHeader } from '../components/PageHeader';
import { Spinner } from '../components/Spinner';
import { roleLabel } from '../components/team/teamWords';
import { t } from '../i18n';
import { formatDay } from '../lib/dates';
import { errorMessage } from '../lib/errors';
import { fullName } from '../lib/names';
import { trpc } from '../lib/trpc';

const backToTeam = () => (
  <Link to="/team" className="btn btn-ghost btn-sm self-start">
    {t('Back to the team')}
  </Link>
);

export default function TeamWorkloadPage() {
  const params = useParams();
  const teamId = Number(params.teamId);
  const userId = Number(params.userId);
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const workload = trpc.teams.workload.useQuery({ teamId, userId, timeZone }, { retry: false });
  if (workload.isError)
    return (
      <>
        <PageHeader title={t('Member’s work')} action={backToTeam()} />
        <p className="text-sm" role="alert" data-testid="workload-refused">
          {errorMessage(workload.error, t('This member’s work could not be loaded. Please try refreshing the page.'))}
        </p>
      </>
    );
  if (!workload.data) return <Spinner />;
  const { member, contacts, overdue } = workload.data;
  return (
    <>
      <PageHeader
        title={fullName(member)}
        subtitle={
          member.lastActivityAt
            ? t('{role} · last activity {date}', { role: roleLabel(member.role), date: formatDay(member.lastActivityAt) })
            : t('{role} · no activity yet', { role: roleLabel(member.role) })
        }
        action={backToTeam()}
      />
      <div className="grid gap-4 md:grid-cols-2" data-testid="workload">
        <section className="card min-w-0 border border-base-300 bg-base-100" aria-label={t('Assigned contacts')}>
          <div className="card-body gap-3 p-4 sm:p-5">
            <h2 className="font-semibold">{t('Assigned contacts ({count})', { count: contacts.count })}</h2>
            {contacts.items.length === 0 ? (
              <p className="text-sm text-base-content/75">{t('No contact of the team is assigned to them.')}</p>
            ) : (
              <ul className="flex flex-col divide-y divide-base-300" data-testid="workload-contacts">
                {contacts.items.map((contact) => (
                  <li key={contact.contactId} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
                    <Link to={`/contacts/${contact.contactId}`} className="link min-w-0 font-medium wrap-break-word link-hover" dir="auto">
                      {contact.name}
                    </Link>
                    <span className="text-xs text-base-content/75">
                      {spiritualStatusLabel(contact.spiritualStatus)}
                      {contact.assignmentStatus === 'pending' && ` · ${t('not answered yet')}`}
                      {' · '}
                      {contact.lastActivityAt ? t('last activity {date}', { date: formatDay(contact.lastActivityAt) }) : t('no activity yet')}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {contacts.more && (
              <p className="text-xs text-base-content/70">
                {t('The first {shown} of {count} are shown.', { shown: contacts.items.length, count: contacts.count })}
              </p>
            )}
          </div>
        </section>
        <section className="card min-w-0 border border-base-300 bg-base-100" aria-label={t('Overdue follow-ups')}>
          <div className="card-body gap-3 p-4 sm:p-5">
            <h2 className="font-semibold">{t('Overdue follow-ups ({count})', { count: overdue.count })}</h2>
            {overdue.items.length === 0 ? (
              <p className="text-sm text-base-content/75">{t('Nothing overdue.')}</p>
            ) : (
              <ul className="flex flex-col divide-y divide-base-300" data-testid="workload-overdue">
                {overdue.items.map((followUp) => (
                  <li key={followUp.id} className="flex flex-col py-2">
                    <span className="wrap-break-word" dir="auto">
                      {followUp.description}
                    </span>
                    <span className="text-xs text-base-content/75">
                      <Link to={`/contacts/${followUp.contactId}`} className="link link-hover" dir="auto">
                        {followUp.contactName}
                      </Link>
                      {' · '}
                      {formatDay(followUp.date)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      </div>
    </>
  );
}
