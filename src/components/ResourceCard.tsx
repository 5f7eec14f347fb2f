// A resource on a card: icon by category, title, description and a 'View resource' link.
import { Link } from 'react-router-dom';
import { t } from '../i18n';
import { ResourceIcon } from './Icons';

export function ResourceCard({ id, title, description, category }: { id: number; title: string; description: string; category: string }) {
  return (
    <article className="card h-full border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-5">
        <div className="flex items-start gap-3">
          <ResourceIcon category={category} />
          <div className="min-w-0">
            <h2 dir="auto" className="font-semibold wrap-anywhere">
              {title}
            </h2>
            <p className="text-xs text-base-content/70">{category}</p>
          </div>
        </div>
        <p className="flex-1 text-sm text-base-content/80">{description}</p>
        <Link to={`/resources/${id}`} className="link text-sm font-medium link-primary" aria-label={t('View resource: {title}', { title })}>
          {t('View resource')}
        </Link>
      </div>
    </article>
  );
}
