// When the user last had contact with a person and when the next follow-up with them is due: on contact cards and page.
import { t } from '../i18n';
import { activityDateLabel, followUpDueBadge } from '../lib/dates';
import { contactSummary } from '../lib/messages';

interface ContactTouchpointsProps {
  lastContactAt: Date | null;
  nextFollowUpAt: Date | null;
  className?: string;
}

export function ContactTouchpoints({ lastContactAt, nextFollowUpAt, className = '' }: ContactTouchpointsProps) {
  const next = nextFollowUpAt ? followUpDueBadge(nextFollowUpAt) : null;
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs text-base-content/75 ${className}`}>
      <dt>{t('{label}:', { label: contactSummary.lastContact })}</dt>
      <dd className="font-medium text-base-content">{lastContactAt ? activityDateLabel(lastContactAt) : contactSummary.never}</dd>
      <dt>{t('{label}:', { label: contactSummary.nextFollowUp })}</dt>
      <dd className={`font-medium ${next?.tone === 'error' ? 'text-error' : 'text-base-content'}`}>{next ? next.label : contactSummary.noneScheduled}</dd>
    </dl>
  );
}
