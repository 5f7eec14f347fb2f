// A contact's spiritual status as a coloured badge.
import { spiritualStatusLabel } from '../lib/labels';

const tones: Record<string, string> = {
  exploring: 'badge-info',
  seeking: 'badge-warning',
  new_believer: 'badge-success',
  growing: 'badge-success',
  mature: 'badge-primary',
  unknown: 'badge-ghost',
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-sm whitespace-nowrap ${tones[status] ?? 'badge-ghost'}`}>{spiritualStatusLabel(status)}</span>;
}
