// The quick search dialog (loaded on first use): contacts, activities and prayer requests matching what is typed.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Trans } from '@lingui/react';
import { useNavigate } from 'react-router-dom';
import { activityTypeLabel, spiritualStatusLabel } from '../../shared/vocabulary';
import { t } from '../i18n';
import { snippet } from '../lib/snippet';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { SearchIcon } from './SearchIcon';
import { formatDay } from '../lib/dates';

type Found = RouterOutputs['search']['quick'];

interface Result {
  key: string;
  href: string;
  title: string;
  detail: string;
  meta?: string;
}

const DEBOUNCE_MS = 200;
function groupsOf(found: Found, query: string) {
  const groups: { label: string; results: Result[] }[] = [
    {
      label: t('Contacts'),
      results: found.contacts.map((c) => ({ key: `c${c.id}`, href: `/contacts/${c.id}`, title: c.name, detail: spiritualStatusLabel(c.spiritualStatus) })),
    },
    {
      label: t('Activities'),
      results: found.activities.map((a) => ({
        key: `a${a.id}`,
        href: `/activities?id=${a.id}`,
        title: t('{activity} with {name}', { activity: activityTypeLabel(a.type), name: a.contactName }),
        detail: snippet(a.notes || a.description || '', query),
        meta: formatDay(a.date),
      })),
    },
    {
      label: t('Prayer requests'),
      results: found.prayers.map((p) => ({
        key: `p${p.id}`,
        href: `/prayer-journal?id=${p.id}`,
        title: t('Prayer for {name}', { name: p.contactName }),
        detail: snippet(p.request, query),
        meta: p.answered ? t('Answered') : undefined,
      })),
    },
  ];
  return groups.filter((group) => group.results.length > 0);
}

/** Shows the first occurrence of the query in bold, the way the server matched it (ignoring case). */
function Highlighted({ text, query }: { text: string; query: string }) {
  const at = query ? text.toLowerCase().indexOf(query.toLowerCase()) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark className="rounded-sm bg-warning/40 text-inherit">{text.slice(at, at + query.length)}</mark>
      {text.slice(at + query.length)}
    </>
  );
}

function useDebounced(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export default function QuickSearch({ onClose }: { onClose(): void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Whatever had focus when the search opened (its button, or the page under a shortcut) gets it back on close.
  const opener = useRef(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), DEBOUNCE_MS);
  const search = trpc.search.quick.useQuery({ q: query }, { enabled: query !== '', placeholderData: (previous) => previous, retry: false });
  const [active, setActive] = useState(0);
  // Enter pressed while the results still belong to earlier text: acted on once the results catch up.
  const [enterPending, setEnterPending] = useState(false);

  const groups = query && search.data ? groupsOf(search.data, query) : [];
  const results = groups.flatMap((group) => group.results);
  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeIndex = Math.min(active, results.length - 1);
  // What shows is not yet the answer to what was typed: the debounce has not settled, or the request is on its way.
  const stale = text.trim() !== query || search.isPlaceholderData || (query !== '' && search.isPending);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // New results start again from the first one.
  useEffect(() => {
    setActive(0);
  }, [search.data]);

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
  });

  useEffect(() => {
    if (!enterPending || stale) return;
    setEnterPending(false);
    if (results[0]) go(results[0]);
  });

  function close() {
    dialogRef.current?.close();
  }

  function go(result: Result) {
    close();
    navigate(result.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = results.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setEnterPending(false);
      if (count) setActive((activeIndex + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Results still showing for earlier text would open something the user did not ask for: wait for theirs.
      if (stale) setEnterPending(true);
      else if (results[activeIndex]) go(results[activeIndex]);
    }
  }

  // What the list area says when it has no results to show.
  let message: string | null = null;
  if (text.trim() === '') message = t('Type to search your contacts, activities and prayer requests.');
  else if (search.isError && !stale) message = t('Search failed. Please try again.');
  else if (results.length === 0) message = stale ? t('Searching...') : t('No results for "{query}"', { query });

  let index = -1;
  return (
    <dialog
      ref={dialogRef}
      aria-label={t('Quick search')}
      className="modal items-start"
      onClose={() => {
        opener.current?.focus();
        onClose();
      }}
    >
      <div className="modal-box flex max-h-[85dvh] w-full max-w-xl flex-col gap-0 overflow-hidden rounded-t-none p-0 sm:mt-[12vh] sm:w-11/12 sm:rounded-t-box">
        <div className="flex items-center gap-2 border-b border-base-300 px-4 py-2">
          <SearchIcon className="size-5 text-base-content/60" />
          <input
            role="combobox"
            aria-label={t('Search')}
            aria-expanded={results.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={results.length > 0 ? optionId(activeIndex) : undefined}
            autoFocus
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="go"
            maxLength={100}
            placeholder={t('Search contacts, activities, prayers')}
            className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setEnterPending(false);
            }}
            onKeyDown={onKeyDown}
          />
          {search.isFetching && <span className="loading loading-sm loading-spinner text-base-content/60" aria-hidden="true" />}
          <button type="button" className="btn btn-square btn-ghost btn-sm" aria-label={t('Close search')} onClick={close}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>

        <div className="overflow-y-auto overscroll-contain p-2">
          {groups.length > 0 && (
            <div id={listId} role="listbox" aria-label={t('Search results')}>
              {groups.map((group, g) => (
                <div key={group.label} role="group" aria-labelledby={`${listId}-group-${g}`} className="pb-2">
                  <div id={`${listId}-group-${g}`} aria-hidden="true" className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-base-content/70 uppercase">
                    {group.label}
                  </div>
                  {group.results.map((result) => {
                    const i = ++index;
                    const selected = i === activeIndex;
                    return (
                      <div
                        key={result.key}
                        id={optionId(i)}
                        role="option"
                        aria-selected={selected}
                        className={`flex cursor-pointer flex-col gap-0.5 rounded-field px-3 py-2 ${selected ? 'bg-primary/10' : ''}`}
                        onMouseMove={() => setActive(i)}
                        onClick={() => go(result)}
                      >
                        <span className="flex items-baseline justify-between gap-3">
                          <span dir="auto" className={`truncate font-medium ${selected ? 'text-primary' : ''}`}>
                            <Highlighted text={result.title} query={query} />
                          </span>
                          {result.meta && <span className="shrink-0 text-xs text-base-content/70">{result.meta}</span>}
                        </span>
                        {result.detail && (
                          <span className="truncate text-sm text-base-content/75">
                            <Highlighted text={result.detail} query={query} />
                          </span>
                        )}
                      </div>
                    );
                  })}
                </div>
              ))}
            </div>
          )}
          {message ? (
            <p role="status" className="px-3 py-6 text-center text-sm text-base-content/75">
              {message}
            </p>
          ) : (
            <p role="status" className="sr-only">
              {t('{count, plural, one {# result} other {# results}}', { count: results.length })}
            </p>
          )}
        </div>

        <p className="hidden border-t border-base-300 px-4 py-2 text-xs text-base-content/70 sm:block">
          <Trans
            id="<0>↑</0> <1>↓</1> to move, <2>Enter</2> to open, <3>Esc</3> to close"
            components={{ 0: <kbd className="kbd kbd-xs" />, 1: <kbd className="kbd kbd-xs" />, 2: <kbd className="kbd kbd-xs" />, 3: <kbd className="kbd kbd-xs" /> }}
          />
        </p>
      </div>
      <div className="modal-backdrop" aria-hidden="true" onClick={close} />
    </dialog>
  );
}
