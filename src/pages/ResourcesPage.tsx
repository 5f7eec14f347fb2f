// Resources: the library of guides, one card each.
import { EmptyState } from '../components/EmptyState';
import { t } from '../i18n';
import { PageHeader } from '../components/PageHeader';
import { ResourceCard } from '../components/ResourceCard';
import { LoadGate } from '../components/LoadGate';
import { loadFailed } from '../lib/messages';
import { trpc } from '../lib/trpc';

export default function ResourcesPage() {
  const resources = trpc.resources.list.useQuery();
  return (
    <>
      <PageHeader title={t('Resources')} subtitle={t('Short, practical guides for sharing your faith with love.')} />
      <LoadGate loads={[resources]} failed={loadFailed.resources}>
        {!resources.data?.length ? (
          <EmptyState title={t('No resources yet')} />
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {resources.data.map((resource) => (
              <li key={resource.id}>
                <ResourceCard {...resource} />
              </li>
            ))}
          </ul>
        )}
      </LoadGate>
    </>
  );
}
