// Sends the offline outbox when the app starts, whenever the connection returns, and again on a backing-off timer while
// a send found no connection (a weak signal, or a page opened from the service worker, may report 'online' throughout
// and send no event when the connection really returns); loaded lazily by the shell.
import { useEffect } from 'react';
import { useAuth } from '../hooks/useAuth';
import { useInvalidate } from '../hooks/useInvalidate';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { httpStatus, refusalMessage } from '../lib/errors';
import { offline } from '../lib/offlineMessages';
import { commentKinds, flushOutbox, type OutboxEntry, type OutboxKind } from '../lib/outbox';
import { trpc } from '../lib/trpc';

/** The toast after a send: the kind's own words when all were of one kind. */
function syncedTitle(kinds: OutboxKind[]) {
  const only = kinds.every((kind) => kind === kinds[0]) ? kinds[0] : undefined;
  if (only === 'activity') return offline.synced(kinds.length);
  if (only === 'followUp') return offline.followUpsSynced(kinds.length);
  if (only === 'prayer') return offline.prayersSynced(kinds.length);
  return offline.itemsSynced(kinds.length);
}

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
      // Each with its key, so a send repeated after a lost answer creates once (decisions 006, 027).
      const sendEntry = (entry: OutboxEntry) => {
        switch (entry.kind) {
          case 'followUp':
            return utils.client.followUps.create.mutate({ ...entry.input, idempotencyKey: entry.key });
          case 'prayer':
            return utils.client.prayerRequests.create.mutate({ ...entry.input, idempotencyKey: entry.key });
          // A milestone's write names its end state: sent again after a lost answer, it changes nothing more.
          case 'milestone': {
            const { clear, ...milestone } = entry.input;
            return clear
              ? utils.client.contacts.clearMilestone.mutate({ id: milestone.id, kind: milestone.kind })
              : utils.client.contacts.setMilestone.mutate(milestone);
          }
          // A bulk action with its key: sent again after a lost answer, the server answers the first result.
          case 'bulk':
            return utils.client.contacts.bulk.mutate({ ...entry.input, idempotencyKey: entry.key });
          // An assignment's answer (issue 51 §2): answered meanwhile (another device, a lost answer), it is refused (409).
          case 'assignmentAnswer': {
            const { contactId, answer, reason } = entry.input;
            return answer === 'accept' ? utils.client.assignments.accept.mutate({ contactId }) : utils.client.assignments.decline.mutate({ contactId, reason });
          }
          // A team comment (issue 51 §3), each write with its key: a replay after a lost answer writes, changes or deletes once.
          case 'comment':
            return utils.client.comments.create.mutate({ ...entry.input, idempotencyKey: entry.key });
          case 'commentEdit':
            return utils.client.comments.update.mutate({ ...entry.input, idempotencyKey: entry.key });
          case 'commentDelete':
            return utils.client.comments.remove.mutate({ ...entry.input, idempotencyKey: entry.key });
          // 'I prayed' (issue 51 §5), with its key: a replay after a lost answer counts once.
          case 'pray':
            return utils.client.prayerRequests.pray.mutate({ ...entry.input, idempotencyKey: entry.key });
          default:
            return utils.client.activities.create.mutate({ ...entry.input, idempotencyKey: entry.key });
        }
      };
      // A comment refused for good (a viewer now, the 15 minutes gone, the comment deleted) is said in the server's own sentence.
      const sendSaying = async (entry: OutboxEntry) => {
        try {
          return await sendEntry(entry);
        } catch (error) {
          const status = httpStatus(error);
          const sentence = refusalMessage(error);
          if (commentKinds.includes(entry.kind ?? 'activity') && sentence && status !== 401 && status !== 423 && status !== 429)
            toast({ variant: 'destructive', title: offline.commentRefused, description: sentence });
          throw error;
        }
      };
      const { sent, sentKinds, refusedKinds, retryLater } = await flushOutbox(userId, sendSaying, httpStatus);
      if (sent > 0) {
        toast({ variant: 'success', title: syncedTitle(sentKinds) });
        if (sentKinds.includes('activity')) void invalidate('activityCreate');
        if (sentKinds.includes('followUp')) void invalidate('followUp');
        if (sentKinds.includes('prayer') || sentKinds.includes('pray')) void invalidate('prayer');
        if (sentKinds.includes('milestone') || sentKinds.includes('bulk')) void invalidate('contact');
        if (sentKinds.includes('assignmentAnswer')) void utils.invalidate();
        if (sentKinds.some((kind) => commentKinds.includes(kind))) void invalidate('comment');
      }
      const refusedActivities = refusedKinds.filter((kind) => kind === 'activity').length;
      // A comment's refusal was said above, in its own sentence.
      const refusedPrayers = refusedKinds.filter((kind) => kind === 'pray').length;
      const refusedOthers = refusedKinds.filter((kind) => kind !== 'activity' && kind !== 'pray' && !commentKinds.includes(kind)).length;
      if (refusedActivities > 0) toast({ variant: 'destructive', title: t('Error'), description: offline.refused(refusedActivities) });
      if (refusedPrayers > 0) toast({ variant: 'destructive', title: t('Error'), description: offline.prayedRefused(refusedPrayers) });
      if (refusedOthers > 0) toast({ variant: 'destructive', title: t('Error'), description: offline.refusedOther(refusedOthers) });
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
