// The dashboard's 'Upcoming dates' card (issue 50 §6): the important dates of the people the user reads in their days
// ahead (Settings → Needs attention), soonest first, each opening the person, with the years a yearly date counts.
// It loads on its own, after the dashboard's own sections, and shows nothing when there are none.
import { Link } from 'react-router-dom';
import { localToday } from '../../shared/contactDates';
import { t } from '../i18n';
import { dateLabel, dayLabel, yearsLabel } from '../lib/contactDates';
import { trpc } from '../lib/trpc';

function whenLabel(inDays: number, on: string) {
  if (inDays === 0) return t('Today');
  if (inDays === 1) return t('Tomorrow');
  return dayLabel(on, false);
}

export default function UpcomingDatesCard() {
  const upcoming = trpc.contacts.upcomingDates.useQuery({ today: localToday() });
  const items = upcoming.data?.items ?? [];
  if (!items.length) return null;
  const title = t('Upcoming dates');
  return (
    <section className="card border border-base-300 bg-base-100 lg:col-span-2" aria-label={title}>
      <div className="card-body gap-3 p-4 sm:p-5">
        <h2 className="font-semibold">{title}</h2>
        <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">
          {items.map((item) => (
            <li key={item.id} className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-medium whitespace-nowrap text-primary">{whenLabel(item.inDays, item.on)}</span>
              <Link to={`/contacts/${item.contact.id}`} className="link min-w-0 font-medium wrap-anywhere link-hover" dir="auto">
                {item.contact.name}
              </Link>
              <span className="min-w-0 text-base-content/75 wrap-anywhere">
                <span dir="auto">{dateLabel(item)}</span>
                {item.years !== null && ` · ${yearsLabel(item.kind, item.years)}`}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
