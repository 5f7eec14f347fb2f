// One resource: title, category, description and its text, a paragraph per line; unknown ids say so.
import { Link, useParams } from 'react-router-dom';
import { ResourceIcon } from '../components/Icons';
import { Spinner } from '../components/Spinner';
import { trpc } from '../lib/trpc';

export default function ResourceDetailPage() {
  const { id } = useParams();
  const numericId = id && /^\d+$/.test(id) ? Number(id) : null;
  const resource = trpc.resources.byId.useQuery({ id: numericId ?? 0 }, { enabled: numericId !== null, retry: false });

  if (numericId !== null && resource.isLoading) return <Spinner />;
  if (!resource.data)
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
        <h1 className="text-2xl font-bold">Resource not found</h1>
        <p className="text-base-content/75">The resource you're looking for doesn't exist.</p>
        <Link to="/resources" className="btn btn-primary">
          Back to Resources
        </Link>
      </div>
    );

  const { title, category, description, content } = resource.data;
  return (
    <article className="mx-auto max-w-3xl">
      <Link to="/resources" className="link text-sm link-hover">
        ← Back to Resources
      </Link>
      <header className="mt-4 mb-6 flex items-start gap-4">
        <ResourceIcon category={category} />
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-base-content/70">{category}</p>
        </div>
      </header>
      <p className="mb-6 text-lg text-base-content/85">{description}</p>
      <div className="flex flex-col gap-4 leading-relaxed">
        {content
          .split('\n')
          .filter((paragraph) => paragraph.trim())
          .map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
      </div>
    </article>
  );
}
