// A screen's tab kept in the address (`?tab=completed`), so a tab can be bookmarked, shared and stepped back through;
// the first tab is the default and leaves the address clean.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** `tabs` should be a constant: the first is the default. */
export function useTabParam<K extends string>(tabs: readonly [K, ...K[]]): [K, (tab: K) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = tabs.find((key) => key === raw) ?? tabs[0];
  const choose = useCallback(
    (next: K) =>
      setParams((p) => {
        if (next === tabs[0]) p.delete('tab');
        else p.set('tab', next);
        return p;
      }),
    [setParams, tabs],
  );
  return [tab, choose];
}
