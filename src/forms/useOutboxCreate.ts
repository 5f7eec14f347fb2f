// A create that works offline (decisions 010, 027): one idempotency key per form, sent with the call online (a second
// press after a lost answer creates once) and kept with the draft in the outbox offline, sent when the connection returns.
import { useState } from 'react';
import { useAuth } from '../hooks/useAuth';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { offline } from '../lib/offlineMessages';
import { keepForLater, newIdempotencyKey, type OutboxDraft } from '../lib/outbox';
import { keepsDataOnDevice } from '../lib/persistence';

export function useOutboxCreate() {
  const { user } = useAuth();
  const { toast } = useToast();
  const [idempotencyKey] = useState(newIdempotencyKey);
  return {
    idempotencyKey,
    /** Offline and signed in: the draft goes to the outbox instead of a call that would only wait. */
    get offline() {
      return !navigator.onLine && user !== null;
    },
    /**
     * Keeps the draft for later and says so; resolves false (after the error toast) if the device refused it. Under the
     * form's key unless given one: a screen that keeps several writes gives each its own.
     */
    async keep(draft: OutboxDraft, detail: string, failed: string, key = idempotencyKey): Promise<boolean> {
      if (!user) return false;
      // 'Keep data on this device' is off: nothing typed is stored here, so nothing waits to be sent.
      if (!keepsDataOnDevice()) {
        toast({ title: offline.notKept, description: offline.notKeptDetail, variant: 'destructive' });
        return false;
      }
      try {
        await keepForLater(user.id, key, draft);
      } catch (error) {
        console.error(error);
        toast({ title: t('Error'), description: failed, variant: 'destructive' });
        return false;
      }
      toast({ title: offline.kept, description: detail });
      return true;
    },
  };
}
