// One follow-up: who (linked to their page), what, how, and when it is due (Overdue, Today, Tomorrow, In n days, or the date).
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../i18n';
import { followUpDueBadge, formatDay, overdueBy } from '../lib/dates';
import { followUpTypeLabel, type FollowUpType } from '../../shared/vocabulary';
import type { RepeatUnit } from '../../shared/nudges';
import { repeatLabel } from '../lib/repeat';
import { ContactHeading } from './ContactHeading';
import { FollowUpTypeIcon, RepeatIcon } from './Icons';
import { STRETCHED_LINK, STRETCHED_ROW } from './stretchedLink';

const badgeTones = { error: 'badge-error', warning: 'badge-warning', success: 'badge-success', neutral: 'badge-ghost' } as const;

interface FollowUpItemProps {
  contactId: number;
  contactName: string;
  description: string;
  type: FollowUpType;
  date: Date;
  completed?: boolean;
  /** A repeating one's interval, shown beside its type ('Every 2 weeks'). */
  repeat?: { every: number; unit: RepeatUnit } | null;
  /** Makes the whole row a link (the dashboard's), with the contact's name still leading to the contact. */
  to?: string;
  /** A team row's mark (TeamMark), under its type. */
  team?: ReactNode;
}

export function FollowUpItem({ contactId, contactName, description, type, date, completed, repeat, to, team }: FollowUpItemProps) {
  const due = followUpDueBadge(date);
  const late = completed ? null : overdueBy(date);
  return (
    <div className={`flex min-w-0 flex-1 items-start gap-3 ${to ? STRETCHED_ROW : ''}`}>
      <ContactHeading contactId={contactId} name={contactName}>
        <p dir="auto" className="text-sm wrap-anywhere text-base-content/80">
          {to ? (
            <Link to={to} className={STRETCHED_LINK}>
              {description}
            </Link>
          ) : (
            description
          )}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-base-content/70">
          <span className="inline-flex items-center gap-1.5">
            <FollowUpTypeIcon type={type} />
            {followUpTypeLabel(type)}
          </span>
          {repeat && (
            <span className="inline-flex items-center gap-1">
              <RepeatIcon small />
              {repeatLabel(repeat.every, repeat.unit)}
            </span>
          )}
          {team}
        </p>
        {late && <p className="mt-0.5 text-xs font-medium text-base-content/85">{t('{overdue} ({date})', { overdue: late, date: formatDay(date) })}</p>}
      </ContactHeading>
      {completed ? (
        <span className="badge badge-sm badge-ghost whitespace-nowrap">{t('Completed')}</span>
      ) : (
        <span className={`badge badge-sm whitespace-nowrap ${badgeTones[due.tone]}`}>{due.label}</span>
      )}
    </div>
  );
}
