// A team's good news (issue 51 §5): its latest answered prayer requests, for the team dashboard (prayerRequests.teamGoodNews).
import { contactNameShown } from '../../shared/vocabulary';
import { t } from '../i18n';
import { trpc } from '../lib/trpc';
import { LoadGate } from './LoadGate';
import { PrayerAnswer } from './PrayerAnswer';

export function TeamGoodNews({ teamId, limit = 5 }: { teamId: number; limit?: number }) {
  const news = trpc.prayerRequests.teamGoodNews.useQuery({ teamId, limit });
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby={`team-good-news-${teamId}`}>
      <div className="card-body gap-3 p-5">
        <h2 id={`team-good-news-${teamId}`} className="card-title text-base">
          {t('Good news')}
        </h2>
        <LoadGate loads={[news]} failed={t('We could not load the team’s good news.')}>
          {!news.data?.length ? (
            <p className="text-sm text-base-content/75">{t('Answered team prayers will be shared here.')}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {news.data.map((prayer) => (
                <li key={prayer.id} className="flex flex-col gap-1">
                  {prayer.contactId !== null && (
                    <span dir="auto" className="text-sm font-semibold wrap-anywhere">
                      {contactNameShown(prayer.contactName)}
                    </span>
                  )}
                  <p dir="auto" className="text-sm wrap-anywhere whitespace-pre-line">
                    {prayer.request}
                  </p>
                  <PrayerAnswer answerDate={prayer.answerDate ?? prayer.date} answerNotes={prayer.answerNotes} />
                </li>
              ))}
            </ul>
          )}
        </LoadGate>
      </div>
    </section>
  );
}
