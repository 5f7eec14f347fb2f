// Tabs with a count badge each; arrow keys move between tabs.
import type { KeyboardEvent } from 'react';

export interface Tab<K extends string> {
  key: K;
  label: string;
  count: number;
}

export function TabBar<K extends string>({ tabs, active, onChange, label }: { tabs: Tab<K>[]; active: K; onChange(key: K): void; label: string }) {
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = tabs.findIndex((t) => t.key === active);
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length];
    onChange(next.key);
    document.getElementById(`tab-${next.key}`)?.focus();
  }
  return (
    <div role="tablist" aria-label={label} className="tabs-box tabs mb-5 w-fit" onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          id={`tab-${tab.key}`}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          tabIndex={tab.key === active ? 0 : -1}
          className={`tab gap-2 ${tab.key === active ? 'tab-active' : 'text-base-content'}`}
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
          <span className={`badge badge-sm ${tab.key === active ? 'badge-primary' : 'badge-ghost'}`}>{tab.count}</span>
        </button>
      ))}
    </div>
  );
}
