// What a detail page shows instead of its record: 'not found' for a 404, an honest load failure for anything else.
import { Link } from 'react-router-dom';

interface RecordUnavailableProps {
  /** The record's name in words, lower case: 'resource', 'contact'. */
  noun: string;
  /** True when the load failed for another reason than the record's absence (the server down, say). */
  failed: boolean;
  backTo: string;
  backLabel: string;
}

export function RecordUnavailable({ noun, failed, backTo, backLabel }: RecordUnavailableProps) {
  if (failed)
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
        <p role="alert" className="alert alert-error">
          We could not load this {noun}. Please try refreshing the page.
        </p>
        <Link to={backTo} className="link text-sm link-hover">
          ← {backLabel}
        </Link>
      </div>
    );
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <h1 className="text-2xl font-bold">{noun[0].toUpperCase() + noun.slice(1)} not found</h1>
      <p className="text-base-content/75">The {noun} you're looking for doesn't exist.</p>
      <Link to={backTo} className="btn mt-2 btn-primary">
        {backLabel}
      </Link>
    </div>
  );
}
