// One resource: title, category, description and its text, a paragraph per line; an unknown id says so.
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { screenTitles } from '../lib/offlineMessages';
import { Link, useParams } from 'react-router-dom';
import { t } from '../i18n';
import { ResourceIcon } from '../components/Icons';
import { RecordUnavailable } from '../components/RecordUnavailable';
import { Spinner } from '../components/Spinner';
import { trpc } from '../lib/trpc';
import { parseId } from '../lib/ids';

export default function ResourceDetailPage() {
  const { id } = useParams();
  // Anything but a positive safe integer (0, 'abc', 99999999999999999999) is no resource, not a failed load.
  const numericId = parseId(id);
  const resource = trpc.resources.byId.useQuery({ id: numericId ?? 0 }, { enabled: numericId !== null, retry: false });
  useDocumentTitle(resource.data?.title ?? screenTitles.resource);
  const backLink = (
    <Link to="/resources" className="link text-sm link-hover">
      <span className="inline-block rtl:-scale-x-100">←</span> {t('Back to Resources')}
    </Link>
  );

  if (numericId !== null && resource.isLoading) return <Spinner />;
  if (!resource.data) return <RecordUnavailable noun="resource" load={resource} backTo="/resources" backLabel={t('Back to Resources')} />;

  const { title, category, description, content } = resource.data;
  return (
    <article className="mx-auto max-w-3xl">
      {backLink}
      <header className="mt-4 mb-6 flex items-start gap-4">
        <ResourceIcon category={category} />
        <div className="min-w-0">
          <h1 dir="auto" className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
            {title}
          </h1>
          <p className="mt-1 text-sm text-base-content/70">{category}</p>
        </div>
      </header>
      <p className="mb-6 text-lg text-base-content/85">{description}</p>
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4 p-5 leading-relaxed sm:p-8">
          {content
            .split('\n')
            // Blank lines separate paragraphs in the source; they are not paragraphs themselves.
            .filter((paragraph) => paragraph.trim())
            .map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
        </div>
      </div>
    </article>
  );
}
