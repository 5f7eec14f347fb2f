// Why a contact needs attention, in one line: "Seeking · last talked 12 days ago", or "Seeking · added 20 days ago" for
// someone never contacted, or "Every 14 days · 3 days late" for someone with a rhythm of their own (shared/attention.ts
// counts the calendar days in the browser's own time zone).
import type { SpiritualStatus } from '../../shared/vocabulary';
import { spiritualStatusLabel } from '../../shared/vocabulary';
import { attentionReason } from '../../shared/attention';
import { t } from '../i18n';

export function attentionReasonText(
  item: { spiritualStatus: SpiritualStatus; lastTouchAt: Date; touched: boolean; stayInTouchDays?: number | null },
  now = new Date(),
): string {
  const { status, kind, days } = attentionReason(item, now);
  // A person's own rhythm (issue 50 §6) is what made them due: "Every 14 days · 3 days late".
  if (item.stayInTouchDays)
    return t('{every, plural, one {Every # day} other {Every # days}} · {count, plural, one {# day late} other {# days late}}', {
      every: item.stayInTouchDays,
      count: Math.max(1, days - item.stayInTouchDays),
    });
  const values = { status: spiritualStatusLabel(status), count: days };
  return kind === 'talked'
    ? t('{status} · last talked {count, plural, one {# day ago} other {# days ago}}', values)
    : t('{status} · added {count, plural, one {# day ago} other {# days ago}}', values);
}

export function AttentionReason({ item }: { item: Parameters<typeof attentionReasonText>[0] }) {
  return <p className="text-sm text-base-content/75">{attentionReasonText(item)}</p>;
}
