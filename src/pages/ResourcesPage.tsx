// Resources: the library of guides, one card each.
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { ResourceCard } from '../components/ResourceCard';
import { LoadGate } from '../components/LoadGate';
import { loadFailed } from '../lib/messages';
import { trpc } from '../lib/trpc';

export default function ResourcesPage() {
  const resources = trpc.resources.list.useQuery();
  return (
    <>
      <PageHeader title="Resources" subtitle="Short, practical guides for sharing your faith with love." />
      <LoadGate loads={[resources]} failed={loadFailed.resources}>
      {!resources.data?.length ? (
        <EmptyState title="No resources yet" />
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
