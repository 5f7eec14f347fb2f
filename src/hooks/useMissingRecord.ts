// A `?id=` link to a row that does not exist (or is not the user's) says so and leaves the address, rather than
// opening nothing without a word.
import { useEffect } from 'react';
import { httpStatus } from '../lib/errors';
import { useToast } from './useToast';

export function useMissingRecord(fetched: { isError: boolean; error: unknown }, close: () => void, message: string) {
  const { toast } = useToast();
  const missing = fetched.isError && (httpStatus(fetched.error) ?? 500) < 500;
  useEffect(() => {
    if (!missing) return;
    toast({ title: message });
    close();
  }, [missing, close, message, toast]);
}
