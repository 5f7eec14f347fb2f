// What a detail page shows instead of its record: 'not found' for a 404, an honest load failure for anything else,
// and, opened offline before it ever loaded, that it comes with the connection.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { httpStatus, isNetworkFailure } from '../lib/errors';
import { offline } from '../lib/offlineMessages';

interface RecordUnavailableProps {
  /** The record's name in words, lower case: 'resource', 'contact'. */
  noun: string;
  /** The record's query: its error tells absence (404) from a failed load, and offline React Query pauses it. */
  load: { isError: boolean; error: unknown; fetchStatus: string };
  backTo: string;
  backLabel: string;
}

export function RecordUnavailable({ noun, load, backTo, backLabel }: RecordUnavailableProps) {
  const withBackLink = (message: ReactNode) => (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      {message}
      <Link to={backTo} className="link text-sm link-hover">
        ← {backLabel}
      </Link>
    </div>
  );
  // Paused (the browser says it is offline) or asked without an answer (it said online, but nothing came back): the
  // record may well exist; the query asks again by itself (src/lib/queryClient.ts).
  if (load.fetchStatus === 'paused' || (load.isError && isNetworkFailure(load.error))) return withBackLink(<p className="alert">{offline.notLoaded}</p>);
  if (load.isError && httpStatus(load.error) !== 404)
    return withBackLink(
      <p role="alert" className="alert alert-error">
        We could not load this {noun}. Please try refreshing the page.
      </p>,
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
