// The `?id=` deep link of a list screen: which row is open for editing, and closing it clears the link.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseId } from '../lib/ids';

export function useEditParam() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('id');
  const id = parseId(raw);
  const open = useCallback((rowId: number) => setParams((p) => (p.set('id', String(rowId)), p)), [setParams]);
  const close = useCallback(() => setParams((p) => (p.delete('id'), p), { replace: true }), [setParams]);
  return { id, open, close };
}
