// One follow-up: who, what, how, and when it is due (Overdue, Today, Tomorrow, In n days, or the date).
import { followUpDueBadge } from '../lib/dates';
import { followUpTypeLabel } from '../lib/labels';
import { ContactAvatar } from './ContactAvatar';
import { FollowUpTypeIcon } from './Icons';

const badgeTones = { error: 'badge-error', warning: 'badge-warning', success: 'badge-success', neutral: 'badge-ghost' } as const;

interface FollowUpItemProps {
  contactName: string;
  description: string;
  type: string;
  date: Date;
  completed?: boolean;
}

export function FollowUpItem({ contactName, description, type, date, completed }: FollowUpItemProps) {
  const due = followUpDueBadge(date);
  return (
    <div className="flex min-w-0 flex-1 items-start gap-3">
      <ContactAvatar name={contactName} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{contactName}</p>
        <p className="text-sm break-words text-base-content/80">{description}</p>
        <p className="mt-1 flex items-center gap-1.5 text-xs text-base-content/70">
          <FollowUpTypeIcon type={type} />
          {followUpTypeLabel(type)}
        </p>
      </div>
      {completed ? (
        <span className="badge badge-sm badge-ghost whitespace-nowrap">Completed</span>
      ) : (
        <span className={`badge badge-sm whitespace-nowrap ${badgeTones[due.tone]}`}>{due.label}</span>
      )}
    </div>
  );
}
