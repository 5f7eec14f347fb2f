// The dashboard's 'Needs attention' card: the three most overdue of the user's contacts, each with the reason, and
// 'View all' (the Contacts screen's attention filter). It loads on its own, after the dashboard's own sections.
import { Link } from 'react-router-dom';
import { t } from '../i18n';
import { trpc } from '../lib/trpc';
import { ContactHeading } from './ContactHeading';
import { AttentionReason } from './AttentionReason';

const ATTENTION_PATH = '/contacts?attention=1';

export default function AttentionCard() {
  const list = trpc.attention.list.useQuery({ limit: 3 });
  const title = t('Needs attention');
  return (
    <section className="card border border-base-300 bg-base-100 lg:col-span-2" aria-label={title}>
      <div className="card-body gap-3 p-4 sm:p-5">
        <div className="flex items-center justify-between gap-2">
          <h2 className="font-semibold">{title}</h2>
          <Link to={ATTENTION_PATH} className="link text-sm link-hover link-primary" aria-label={t('View all contacts who need attention')}>
            {t('View all')}
          </Link>
        </div>
        {list.data === undefined ? (
          // A quiet placeholder of the card's height while it loads, or when it could not (the rest of the dashboard stands).
          <p className="min-h-12 text-sm text-base-content/60">{list.isError ? t('We could not load who needs attention.') : ''}</p>
        ) : list.data.length === 0 ? (
          <p className="rounded-box bg-base-200/60 px-4 py-3 text-sm text-base-content/75">
            {t('Nobody is waiting to hear from you today. Well done keeping in touch!')}
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-3">
            {list.data.map((item) => (
              <li key={item.id} className="flex min-w-0 items-start gap-3">
                <ContactHeading contactId={item.id} name={item.name}>
                  <AttentionReason item={item} />
                </ContactHeading>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
