// The `?id=` deep link of a list screen: which row is open for editing, found among the loaded pages or fetched when
// the link names one beyond them; closing the editor clears the link. A link to a row that does not exist (or is not
// the user's) says so and leaves the address, rather than opening nothing without a word.
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { httpStatus } from '../lib/errors';
import { parseId } from '../lib/ids';
import { useToast } from './useToast';

/** A list's infinite query, as far as the deep link reads it. */
interface LoadedPages<Row> {
  data?: { pages: Row[][] };
  isLoading: boolean;
}

/** The entity's byId query, as far as the deep link reads it. */
interface FetchedRow<Row> {
  data?: Row;
  isError: boolean;
  error: unknown;
}

/**
 * `lists`: every list the row may be in (a screen's tabs or groups); `useById`: the entity's byId query, run only when
 * the row is not among the loaded pages once they have loaded; `missing`: what to say when the link names no row.
 */
export function useEditedRow<Row extends { id: number }>(
  lists: LoadedPages<Row>[],
  useById: (id: number, options: { enabled: boolean; retry: false }) => FetchedRow<Row>,
  missing: string,
) {
  const [params, setParams] = useSearchParams();
  const { toast } = useToast();
  const id = parseId(params.get('id'));
  const listed = id === null ? undefined : lists.flatMap((list) => list.data?.pages.flat() ?? []).find((row) => row.id === id);
  const loading = lists.some((list) => list.isLoading);
  const fetched = useById(id ?? 0, { enabled: id !== null && !listed && !loading, retry: false });
  const editing = listed ?? (id !== null ? fetched.data : undefined);
  const open = useCallback((rowId: number) => setParams((p) => (p.set('id', String(rowId)), p)), [setParams]);
  const close = useCallback(() => setParams((p) => (p.delete('id'), p), { replace: true }), [setParams]);
  const notThere = fetched.isError && (httpStatus(fetched.error) ?? 500) < 500;
  useEffect(() => {
    if (!notThere) return;
    toast({ title: missing });
    close();
  }, [notThere, close, missing, toast]);
  return { editing, open, close };
}
