// Sends the offline outbox when the app starts and whenever the connection returns; loaded lazily by the shell.
import { useEffect } from 'react';
import { useAuth } from '../hooks/useAuth';
import { useInvalidate } from '../hooks/useInvalidate';
import { useToast } from '../hooks/useToast';
import { httpStatus } from '../lib/errors';
import { offline } from '../lib/offlineMessages';
import { flushOutbox } from '../lib/outbox';
import { trpc } from '../lib/trpc';

export default function OutboxSync() {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const invalidate = useInvalidate();
  const { toast } = useToast();
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined) return;
    const send = async () => {
      if (!navigator.onLine) return;
      const { sent, refused } = await flushOutbox(
        userId,
        (entry) => utils.client.activities.create.mutate({ ...entry.input, idempotencyKey: entry.key }),
        httpStatus,
      );
      if (sent > 0) {
        toast({ variant: 'success', title: offline.synced(sent) });
        void invalidate('activityCreate');
      }
      if (refused > 0) toast({ variant: 'destructive', title: 'Error', description: offline.refused(refused) });
    };
    const sendLogged = () => void send().catch((error) => console.warn('The offline outbox could not be sent', error));
    sendLogged();
    window.addEventListener('online', sendLogged);
    return () => window.removeEventListener('online', sendLogged);
  }, [userId, utils, invalidate, toast]);

  return null;
}
