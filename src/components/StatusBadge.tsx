// A contact's spiritual status as a coloured badge.
import { spiritualStatusLabel, type SpiritualStatus } from '../../shared/vocabulary';

const tones: Record<SpiritualStatus, string> = {
  exploring: 'badge-info',
  seeking: 'badge-warning',
  new_believer: 'badge-success',
  growing: 'badge-success',
  mature: 'badge-primary',
  unknown: 'badge-ghost',
};

export function StatusBadge({ status }: { status: SpiritualStatus }) {
  return <span className={`badge badge-sm whitespace-nowrap ${tones[status]}`}>{spiritualStatusLabel(status)}</span>;
}
