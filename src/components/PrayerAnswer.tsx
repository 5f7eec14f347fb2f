// How a prayer was answered: the date, and the note on how God answered when there is one.
import { t } from '../i18n';
import { formatDay } from '../lib/dates';

export function PrayerAnswer({ answerDate, answerNotes, className = '' }: { answerDate: Date; answerNotes: string | null; className?: string }) {
  return (
    <div className={`rounded-box bg-success/10 p-3 text-sm ${className}`}>
      <p className="font-medium">{t('Answered: {date}', { date: formatDay(answerDate) })}</p>
      {answerNotes && (
        <>
          <p className="mt-2 text-xs font-semibold tracking-wide text-base-content/75 uppercase">{t('How God answered')}</p>
          <p dir="auto" className="mt-0.5 wrap-anywhere whitespace-pre-line">
            {answerNotes}
          </p>
        </>
      )}
    </div>
  );
}
