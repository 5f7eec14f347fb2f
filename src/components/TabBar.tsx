// Tabs with a count badge each, and the panel they control; arrow keys, Home and End move between tabs.
import { useId, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab<K extends string> {
  key: K;
  label: string;
  /** Unknown until the counts load (or when they could not): no badge, rather than a 0 that may be wrong. */
  count: number | undefined;
  /** The count in words, where a bare number would read as another tab's kind of count ('1 left' beside Active's '1'). */
  countText?: string;
}

interface TabBarProps<K extends string> {
  /** What the tabs choose between, for screen readers. */
  label: string;
  tabs: Tab<K>[];
  active: K;
  onChange(key: K): void;
  /** The active tab's content. */
  children: ReactNode;
}

export function TabBar<K extends string>({ label, tabs, active, onChange, children }: TabBarProps<K>) {
  const baseId = useId();
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const panelId = `${baseId}-panel`;

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((t) => t.key === active);
    // Right to left, the next tab sits to the left.
    const step = getComputedStyle(event.currentTarget).direction === 'rtl' ? -1 : 1;
    const target = { ArrowRight: index + step, ArrowLeft: index - step, Home: 0, End: tabs.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    onChange(next.key);
    document.getElementById(tabId(next.key))?.focus();
  }

  return (
    <>
      {/* On a phone the tabs share one row in equal columns, each count under its label so a whole word fits ('Respondido'
          and its count side by side broke mid-word; three tabs used to wrap onto two rows: issue 28); from sm up they
          sit side by side at their own widths. */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- roving tabindex: the current tab takes the focus. */}
      <div
        role="tablist"
        aria-label={label}
        className="tabs-box tabs mb-5 grid w-full max-w-full auto-cols-fr grid-flow-col border border-base-300 bg-base-100 shadow-xs sm:flex sm:w-fit"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => (
          <button
            key={tab.key}
            id={tabId(tab.key)}
            type="button"
            role="tab"
            aria-selected={tab.key === active}
            aria-controls={panelId}
            tabIndex={tab.key === active ? 0 : -1}
            className={`tab h-auto min-h-10 min-w-0 flex-col flex-nowrap gap-0.5 px-1.5 py-1 leading-tight wrap-break-word sm:h-10 sm:flex-row sm:gap-2 sm:px-3 sm:py-0 ${tab.key === active ? 'tab-active' : 'text-base-content'}`}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
            {tab.count !== undefined && (
              <span className={`badge badge-sm rounded-full ${tab.key === active ? 'badge-primary' : 'border-base-300 bg-base-200 text-base-content'}`}>
                {tab.countText ?? tab.count}
              </span>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(active)}>
        {children}
      </div>
    </>
  );
}
