// One way to run a write from a screen: success toast, refetch of the lists SPEC §7 names, or the 'Error' toast.
import { useCallback } from 'react';
import { errorMessage } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { useToast } from './useToast';

/** Which cached reads a write makes stale (SPEC §7: lists, plus dashboard stats and goals where it says so). */
export type Refresh = 'activities' | 'contacts' | 'followUps' | 'prayerRequests' | 'goals' | 'dashboard';

export function useRefresh() {
  const utils = trpc.useUtils();
  return useCallback(
    (what: Refresh[]) =>
      Promise.all(
        what.map((entity) => {
          if (entity === 'dashboard') return utils.dashboard.invalidate();
          return utils[entity].invalidate();
        }),
      ),
    [utils],
  );
}

/** Runs `action`; on success shows `done` and refreshes; on failure logs, shows the destructive toast and rethrows. */
export function useWrite() {
  const { toast } = useToast();
  const refresh = useRefresh();
  return useCallback(
    async <T>(action: () => Promise<T>, options: { done: string | ((result: T) => { title: string; description?: string; duration?: number }); failed: string; refresh: Refresh[] }) => {
      try {
        const result = await action();
        const message = typeof options.done === 'string' ? { title: options.done } : options.done(result);
        toast({ variant: 'success', ...message });
        void refresh(options.refresh);
        return result;
      } catch (error) {
        console.error(error);
        const reason = errorMessage(error, '');
        toast({ title: 'Error', description: reason === 'Unable to connect to the server' ? `${options.failed} ${reason}.` : options.failed, variant: 'destructive' });
        throw error;
      }
    },
    [toast, refresh],
  );
}
