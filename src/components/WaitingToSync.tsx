// What was added offline and waits in the outbox, above a list: each entry drawn as the list draws its rows, marked
// 'Waiting to sync' (decisions 010, 027).
import type { ReactNode } from 'react';
import { offline } from '../lib/offlineMessages';
import type { OutboxEntry } from '../lib/outbox';

export function WaitingToSync<E extends OutboxEntry>({ entries, row }: { entries: readonly E[]; row(entry: E): ReactNode }) {
  if (entries.length === 0) return null;
  return (
    <section aria-label={offline.waiting} className="mb-4">
      <ul className="flex flex-col gap-2">
        {entries.map((entry) => (
          <li key={entry.key} className="flex flex-col gap-2 rounded-box border border-dashed border-warning bg-base-100 p-3 sm:p-4">
            {row(entry)}
            <span className="badge badge-sm badge-warning self-start">{offline.waiting}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
