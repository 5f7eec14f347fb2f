// The quick search dialog (loaded on first use): contacts, activities, prayer requests, follow-ups, goals, tags and faith
// milestones matching what is typed (issue 50 §8), each kind in its own group.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Trans } from '@lingui/react';
import { useNavigate } from 'react-router-dom';
import { contactNameShown, milestoneLabel, spiritualStatusLabel } from '../../shared/vocabulary';
import { foldText } from '../../shared/fold';
import { activityTitle } from '../lib/activityTitle';
import { t } from '../i18n';
import { foldedMatch } from '../lib/foldedMatch';
import { snippet } from '../lib/snippet';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { SearchIcon } from './SearchIcon';
import { formatDay } from '../lib/dates';

type Found = RouterOutputs['search']['quick'];

interface Result {
  /** The result's identity, kind and id ('c12', 'a7', 'p3', 'f4', 'g2', 't9', 'm5-baptized'): what stays highlighted while results change. */
  key: string;
  href: string;
  title: string;
  detail: string;
  meta?: string;
}

const DEBOUNCE_MS = 200;
function groupsOf(found: Found, query: string) {
  // A personal tag and a team's of the same name open the same list: shown once.
  const tagNames = new Set<string>();
  const tags = found.tags.filter((tag) => !tagNames.has(foldText(tag.name)) && tagNames.add(foldText(tag.name)));
  const groups: { label: string; results: Result[] }[] = [
    {
      label: t('Contacts'),
      results: found.contacts.map((c) => ({
        key: `c${c.id}`,
        href: `/contacts/${c.id}`,
        title: c.name,
        detail: spiritualStatusLabel(c.spiritualStatus),
        meta: c.archived ? t('Archived') : undefined,
      })),
    },
    {
      label: t('Activities'),
      results: found.activities.map((a) => ({
        key: `a${a.id}`,
        href: `/activities?id=${a.id}`,
        title: activityTitle(a.type, contactNameShown(a.contactName)),
        detail: snippet(a.notes || a.description || '', query),
        meta: formatDay(a.date),
      })),
    },
    {
      label: t('Follow-ups'),
      results: found.followUps.map((f) => ({
        key: `f${f.id}`,
        href: `/followups?id=${f.id}`,
        title: t('Follow-up with {name}', { name: contactNameShown(f.contactName) }),
        detail: snippet(f.description, query),
        meta: f.completed ? t('Completed') : formatDay(f.date),
      })),
    },
    {
      label: t('Prayer requests'),
      results: found.prayers.map((p) => ({
        key: `p${p.id}`,
        href: `/prayer-journal?id=${p.id}`,
        // A request about no one person (issue 50 §5) names none.
        title: p.contactName === null ? t('Prayer request') : t('Prayer for {name}', { name: p.contactName }),
        detail: snippet(p.request, query),
        meta: p.answered ? t('Answered') : undefined,
      })),
    },
    {
      label: t('Goals'),
      results: found.goals.map((g) => ({
        key: `g${g.id}`,
        href: `/goals?id=${g.id}`,
        title: g.title,
        detail: snippet(g.description ?? '', query),
        meta: g.completed ? t('Completed') : undefined,
      })),
    },
    {
      label: t('Tags'),
      results: tags.map((tag) => ({
        key: `t${tag.id}`,
        href: `/contacts?${new URLSearchParams({ tag: tag.name }).toString()}`,
        title: tag.name,
        detail: t('Contacts with this tag'),
      })),
    },
    {
      label: t('Faith milestones'),
      results: found.milestones.map((m) => ({
        key: `m${m.contactId}-${m.milestone}`,
        href: `/contacts/${m.contactId}`,
        title: m.contactName,
        detail: milestoneLabel(m.milestone),
        meta: m.archived ? t('Archived') : formatDay(m.date),
      })),
    },
  ];
  return groups.filter((group) => group.results.length > 0);
}

/** Marks the first occurrence of the query, the way the server matched it (case, accents and letter forms aside). */
function Highlighted({ text, query }: { text: string; query: string }) {
  const match = foldedMatch(text, query);
  if (!match) return <>{text}</>;
  return (
    <>
      {text.slice(0, match.start)}
      <mark className="rounded-sm bg-warning/40 text-inherit">{text.slice(match.start, match.end)}</mark>
      {text.slice(match.end)}
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
  // Archived contacts (issue 50 §7) are found only when asked for.
  const [includeArchived, setIncludeArchived] = useState(false);
  const search = trpc.search.quick.useQuery(
    { q: query, ...(includeArchived ? { includeArchived } : {}) },
    { enabled: query !== '', placeholderData: (previous) => previous, retry: false },
  );
  // The result the person highlighted (arrows, pointer), by identity, never by position: results that arrive later (the
  // answer to the last letters typed, a slow network) keep it highlighted wherever it moves, so Enter opens what was
  // highlighted. Null, or no longer among the results: the first result is highlighted. Typing starts again from the first.
  const [chosen, setChosen] = useState<string | null>(null);
  // Enter pressed while the results still belong to earlier text: acted on once the results catch up.
  const [enterPending, setEnterPending] = useState(false);

  const groups = query && search.data ? groupsOf(search.data, query) : [];
  const results = groups.flatMap((group) => group.results);
  const optionId = (result: Result) => `${listId}-option-${result.key}`;
  const chosenIndex = chosen === null ? -1 : results.findIndex((result) => result.key === chosen);
  // A highlighted result the results no longer hold is let go, so it does not take the highlight back if it returns.
  if (chosen !== null && chosenIndex < 0) setChosen(null);
  const activeIndex = results.length ? Math.max(chosenIndex, 0) : -1;
  const active: Result | undefined = results[activeIndex];
  // What shows is not yet the answer to what was typed: the debounce has not settled, or the request is on its way.
  const stale = text.trim() !== query || search.isPlaceholderData || (query !== '' && search.isPending);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  useEffect(() => {
    if (active) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  // The results caught up with what was typed: open the one highlighted now (the same one, if it is still there).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render, to see the answer arrive; it stops itself
  useEffect(() => {
    if (!enterPending || stale) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, when the answer arrives (enterPending guards it)
    setEnterPending(false);
    if (active) go(active);
  });

  function close() {
    dialogRef.current?.close();
  }

  function go(result: Result) {
    close();
    void navigate(result.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = results.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setEnterPending(false);
      if (count) setChosen(results[(activeIndex + (event.key === 'ArrowDown' ? 1 : count - 1)) % count].key);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Results still showing for earlier text would open something the user did not ask for: wait for theirs.
      if (stale) setEnterPending(true);
      else if (active) go(active);
    }
  }

  // What the list area says when it has no results to show.
  let message: string | null = null;
  if (text.trim() === '') message = t('Type to search your contacts, activities, follow-ups, prayers, goals and tags.');
  else if (search.isError && !stale) message = t('Search failed. Please try again.');
  else if (results.length === 0) message = stale ? t('Searching...') : t('No results for "{query}"', { query });

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
            aria-activedescendant={active ? optionId(active) : undefined}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens for typing a search
            autoFocus
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="go"
            maxLength={100}
            placeholder={t('Search everything')}
            className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setChosen(null);
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

        <label className="flex cursor-pointer items-center gap-2 border-b border-base-300 px-4 py-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={includeArchived}
            onChange={(event) => {
              setIncludeArchived(event.target.checked);
              setChosen(null);
            }}
          />
          {t('Show archived contacts')}
        </label>
        <div className="overflow-y-auto overscroll-contain p-2">
          {groups.length > 0 && (
            <div id={listId} role="listbox" aria-label={t('Search results')}>
              {groups.map((group, g) => (
                <div key={group.label} role="group" aria-labelledby={`${listId}-group-${g}`} className="pb-2">
                  <div
                    id={`${listId}-group-${g}`}
                    aria-hidden="true"
                    className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-base-content/70 uppercase"
                  >
                    {group.label}
                  </div>
                  {group.results.map((result) => {
                    const selected = result.key === active?.key;
                    return (
                      // The combobox pattern: the keys act on the input, which points here with aria-activedescendant.
                      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
                      <div
                        key={result.key}
                        id={optionId(result)}
                        role="option"
                        aria-selected={selected}
                        className={`flex cursor-pointer flex-col gap-0.5 rounded-field px-3 py-2 ${selected ? 'bg-primary/10' : ''}`}
                        onMouseMove={() => setChosen(result.key)}
                        onClick={() => go(result)}
                      >
                        <span className="flex items-baseline justify-between gap-3">
                          <span dir="auto" className={`line-clamp-2 min-w-0 font-medium ${selected ? 'text-primary' : ''}`}>
                            <Highlighted text={result.title} query={query} />
                          </span>
                          {result.meta && <span className="shrink-0 text-xs text-base-content/70">{result.meta}</span>}
                        </span>
                        {/* Two lines, not one cut short: the snippet is centred on the match, which one line at a phone's
                            width cut in the middle ('padr…', issue 28). */}
                        {result.detail && (
                          <span dir="auto" className="line-clamp-2 text-sm text-base-content/75">
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
            components={{
              0: <kbd className="kbd kbd-xs" />,
              1: <kbd className="kbd kbd-xs" />,
              2: <kbd className="kbd kbd-xs" />,
              3: <kbd className="kbd kbd-xs" />,
            }}
          />
        </p>
      </div>
      <div className="modal-backdrop" aria-hidden="true" onClick={close} />
    </dialog>
  );
}
