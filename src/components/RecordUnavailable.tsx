// What a detail page shows instead of its record: 'not found' for a 404, an honest load failure for anything else,
// and, opened offline before it ever loaded, that it comes with the connection.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../i18n';
import { httpStatus, isNetworkFailure } from '../lib/errors';
import { offline } from '../lib/offlineMessages';

type Noun = 'contact' | 'resource';

/** Whole sentences for each kind of record, so a translator can fit each noun's gender and grammar. */
function textsFor(noun: Noun) {
  switch (noun) {
    case 'contact':
      return {
        failed: t('We could not load this contact. Please try refreshing the page.'),
        notFound: t('Contact not found'),
        missing: t("The contact you're looking for doesn't exist."),
      };
    case 'resource':
      return {
        failed: t('We could not load this resource. Please try refreshing the page.'),
        notFound: t('Resource not found'),
        missing: t("The resource you're looking for doesn't exist."),
      };
  }
}

interface RecordUnavailableProps {
  /** Which kind of record: 'resource', 'contact'. */
  noun: Noun;
  /** The record's query: its error tells absence (404) from a failed load, and offline React Query pauses it. */
  load: { isError: boolean; error: unknown; fetchStatus: string };
  backTo: string;
  backLabel: string;
}

export function RecordUnavailable({ noun, load, backTo, backLabel }: RecordUnavailableProps) {
  const texts = textsFor(noun);
  const withBackLink = (message: ReactNode) => (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      {message}
      <Link to={backTo} className="link text-sm link-hover">
        <span className="inline-block rtl:-scale-x-100">←</span> {backLabel}
      </Link>
    </div>
  );
  // Paused (the browser says it is offline) or asked without an answer (it said online, but nothing came back): the
  // record may well exist; the query asks again by itself (src/lib/queryClient.ts).
  if (load.fetchStatus === 'paused' || (load.isError && isNetworkFailure(load.error))) return withBackLink(<p className="alert">{offline.notLoaded}</p>);
  if (load.isError && httpStatus(load.error) !== 404)
    return withBackLink(
      <p role="alert" className="alert alert-error">
        {texts.failed}
      </p>,
    );
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <h1 className="text-2xl font-bold">{texts.notFound}</h1>
      <p className="text-base-content/75">{texts.missing}</p>
      <Link to={backTo} className="btn mt-2 btn-primary">
        {backLabel}
      </Link>
    </div>
  );
}
