// A list's filters kept in the URL query, so a filtered view can be bookmarked and the back button steps through it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Each named query parameter ('' when absent), and a setter that writes them together (empty removes one). */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const update = useCallback(
    (changes: Partial<Record<K, string>>, options?: { replace?: boolean }) =>
      setParams((current) => {
        for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
          if (value) current.set(key, value);
          else current.delete(key);
        }
        return current;
      }, options),
    [setParams],
  );
  return [values, update] as const;
}

/** Typing pauses this long before the URL, and so the query, follows the text box. */
const DEBOUNCE_MS = 300;

/**
 * A text box bound to a URL value: it answers each keystroke at once and commits after a pause in typing. A value
 * that changes from outside (back button, a cleared filter) replaces the box's text. The URL follows a commit a render
 * or more later (a navigation): on a busy phone a second pause can commit again before the first arrives, so a value
 * that is one of the box's own commits on its way back is never taken for a change from outside (it would put back
 * letters the box has moved past, and drop what was typed since).
 */
export function useDebouncedText(value: string, commit: (text: string) => void) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  /** The box's commits the URL has not shown yet, oldest first. */
  const travelling = useRef<string[]>([]);
  const latestCommit = useRef(commit);
  useEffect(() => {
    latestCommit.current = commit;
  });

  useEffect(() => {
    const own = travelling.current.indexOf(value);
    if (own >= 0) {
      travelling.current = travelling.current.slice(own + 1);
      return;
    }
    if (value === committed.current) return;
    committed.current = value;
    travelling.current = [];
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      travelling.current.push(text);
      latestCommit.current(text);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return [text, setText] as const;
}
