// What shows in place of code that could not be fetched: the spec's network message with a retry, and quiet retries
// by themselves (when the browser comes back online, and on a backing-off timer, since a stopped server sends no event).
import { useEffect } from 'react';
import type { UnreachableProps } from '../lib/lazyPart';
import { t } from '../i18n';
import { Modal } from './Modal';
import { connection } from '../lib/offlineMessages';

const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 10_000;

function useRetryByItself({ retry, failures }: UnreachableProps) {
  useEffect(() => {
    const delay = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), LONGEST_RETRY_MS);
    const timer = window.setTimeout(retry, delay);
    window.addEventListener('online', retry);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', retry);
    };
  }, [retry, failures]);
}

/** In place of a screen: inside the shell, so the navigation keeps working. */
export function ScreenUnreachable(props: UnreachableProps) {
  useRetryByItself(props);
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <h1 className="text-xl font-bold">{connection.unreachable}</h1>
      <p className="text-sm text-base-content/75">{connection.screenRetries}</p>
      <button type="button" className="btn mt-1 btn-primary" onClick={props.retry}>
        {connection.tryAgain}
      </button>
    </div>
  );
}

/** In place of a part nobody asked for yet (the outbox sender, a chart): nothing to see, and it keeps trying. */
export function QuietlyUnreachable(props: UnreachableProps) {
  useRetryByItself(props);
  return null;
}

/** In place of something the user opened (a form, the search): a short line with a retry. */
export function PartUnreachable(props: UnreachableProps) {
  useRetryByItself(props);
  return (
    <div role="alert" className="flex flex-col items-center gap-3 p-4 text-center">
      <p className="font-medium">{connection.unreachable}</p>
      <button type="button" className="btn btn-sm btn-primary" onClick={props.retry}>
        {connection.tryAgain}
      </button>
    </div>
  );
}

/** In place of the quick search dialog: the same line in a dialog the user can close. */
export function SearchUnreachable(props: UnreachableProps & { partProps: { onClose(): void } }) {
  return (
    <Modal open title={t('Search')} onClose={props.partProps.onClose}>
      <PartUnreachable retry={props.retry} failures={props.failures} />
    </Modal>
  );
}
