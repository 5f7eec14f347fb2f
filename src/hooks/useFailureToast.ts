// The 'Error' toast of a failed account action, unless the server named a field, whose own message then says it all, or
// the app lock closed (423), whose screen says what to do.
import { useCallback } from 'react';
import { t } from '../i18n';
import { isLockedAnswer } from '../lib/appLock';
import { errorMessage, serverIssues } from '../lib/errors';
import { useToast } from './useToast';

export function useFailureToast() {
  const { toast } = useToast();
  return useCallback(
    (error: unknown, fallback: string) => {
      if (!serverIssues(error).length && !isLockedAnswer(error))
        toast({ title: t('Error'), description: errorMessage(error, fallback), variant: 'destructive' });
    },
    [toast],
  );
}
