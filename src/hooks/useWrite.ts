// Runs a screen's write: on success its toast and the refresh of what it changed, on failure the logged error and the 'Error' toast.
import { useCallback } from 'react';
import { t } from '../i18n';
import { isLockedAnswer } from '../lib/appLock';
import { isUnauthorized, refusalMessage } from '../lib/errors';
import type { WriteKind } from '../pages/registry';
import { useInvalidate } from './useInvalidate';
import { useToast, type ToastAction } from './useToast';

type SuccessToast = { title: string; description?: string; duration?: number; action?: ToastAction };

interface WriteOptions<T> {
  kind: WriteKind;
  /** The success toast's title, or the whole toast built from the result. */
  done: string | ((result: T) => SuccessToast);
  /** The description of the 'Error' toast (SPEC §8) when trying again could work; a refusal says its own words. */
  failed: string;
}

/** Resolves with the result, or rethrows after the error toast so a form can stay open. */
export function useWrite() {
  const { toast } = useToast();
  const invalidate = useInvalidate();
  return useCallback(
    async <T>(action: () => Promise<T>, { kind, done, failed }: WriteOptions<T>) => {
      try {
        const result = await action();
        toast({ variant: 'success', ...(typeof done === 'string' ? { title: done } : done(result)) });
        void invalidate(kind);
        return result;
      } catch (error) {
        // A 401 is not this write's failure: the session ended, which AuthProvider says once for every call; nor is a
        // 423: the app lock closed, and its screen says what to do.
        if (!isUnauthorized(error) && !isLockedAnswer(error)) {
          console.error(error);
          // "Please try again" only where it could work (issue 48): a refusal (a role's, say) says what it is instead.
          toast({ title: t('Error'), description: refusalMessage(error) ?? failed, variant: 'destructive' });
        }
        throw error;
      }
    },
    [toast, invalidate],
  );
}
