// This month's faith milestones by kind (issue 50): one cell per kind in the journey's order, a kind nobody reached
// drawn lighter, the total above. The numbers are text, so nothing needs a table for a screen reader.
import { t } from '../i18n';
import { milestoneLabel } from '../../shared/vocabulary';
import type { RouterOutputs } from '../lib/trpc';

type Count = RouterOutputs['insights']['milestones'][number];

export function MilestoneCounts({ counts }: { counts: Count[] }) {
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-base-content/75">
        {t('{count, plural, one {# milestone reached this month} other {# milestones reached this month}}', { count: total })}
      </p>
      <ul className="grid grid-cols-3 gap-2 lg:grid-cols-9">
        {counts.map(({ kind, count }) => (
          <li
            key={kind}
            className={`flex flex-col rounded-box border px-2 py-1.5 ${count === 0 ? 'border-base-300 text-base-content/75' : 'border-transparent bg-base-200'}`}
          >
            <span className="text-lg font-semibold tabular-nums">{count}</span>
            <span className="text-xs leading-tight wrap-break-word">{milestoneLabel(kind)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
