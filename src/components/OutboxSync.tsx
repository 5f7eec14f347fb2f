// Sends the offline outbox when the app starts, whenever the connection returns, and again on a backing-off timer while
// a send found no connection (a weak signal, or a page opened from the service worker, may report 'online' throughout
// and send no event when the connection really returns); loaded lazily by the shell.
import { useEffect } from 'react';
import { useAuth } from '../hooks/useAuth';
import { useInvalidate } from '../hooks/useInvalidate';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { httpStatus } from '../lib/errors';
import { offline } from '../lib/offlineMessages';
import { flushOutbox } from '../lib/outbox';
import { trpc } from '../lib/trpc';

const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 10_000;

export default function OutboxSync() {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const invalidate = useInvalidate();
  const { toast } = useToast();
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined) return;
    let retryTimer: number | undefined;
    let failures = 0;
    const send = async () => {
      window.clearTimeout(retryTimer);
      if (!navigator.onLine) return;
      const { sent, refused, retryLater } = await flushOutbox(
        userId,
        (entry) => utils.client.activities.create.mutate({ ...entry.input, idempotencyKey: entry.key }),
        httpStatus,
      );
      if (sent > 0) {
        toast({ variant: 'success', title: offline.synced(sent) });
        void invalidate('activityCreate');
      }
      if (refused > 0) toast({ variant: 'destructive', title: t('Error'), description: offline.refused(refused) });
      failures = retryLater ? failures + 1 : 0;
      if (retryLater) retryTimer = window.setTimeout(sendLogged, Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), LONGEST_RETRY_MS));
    };
    const sendLogged = () => void send().catch((error) => console.warn('The offline outbox could not be sent', error));
    sendLogged();
    window.addEventListener('online', sendLogged);
    return () => {
      window.clearTimeout(retryTimer);
      window.removeEventListener('online', sendLogged);
    };
  }, [userId, utils, invalidate, toast]);

  return null;
}
