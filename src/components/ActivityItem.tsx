// One activity in a list: type icon, 'Type with Name', notes, date label; optionally a link to its edit view.
import { Link } from 'react-router-dom';
import { activityDateLabel } from '../lib/dates';
import { activityTypeLabel } from '../lib/labels';
import { ActivityTypeIcon } from './Icons';

interface ActivityItemProps {
  type: string;
  contactName: string;
  notes: string | null;
  date: Date;
  to?: string;
}

export function ActivityItem({ type, contactName, notes, date, to }: ActivityItemProps) {
  const title = `${activityTypeLabel(type)} with ${contactName}`;
  const body = (
    <div className="flex min-w-0 flex-1 items-start gap-3">
      <ActivityTypeIcon type={type} />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{title}</p>
        <p className={`mt-0.5 text-sm break-words ${notes ? 'text-base-content/80' : 'text-base-content/60 italic'}`}>{notes || 'No additional notes'}</p>
      </div>
      <span className="shrink-0 text-xs whitespace-nowrap text-base-content/70">{activityDateLabel(date)}</span>
    </div>
  );
  return to ? (
    <Link to={to} className="flex rounded-box p-2 hover:bg-base-200 focus-visible:bg-base-200">
      {body}
    </Link>
  ) : (
    body
  );
}
