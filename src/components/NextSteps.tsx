// A contact's suggested next steps for their stage (shared/nextSteps.ts, issue 16): one tap opens the follow-up form filled in.
import { t } from '../i18n';
import { nextSteps, type NextStep } from '../../shared/nextSteps';
import { followUpTypeLabel, isOneOf, spiritualStatuses } from '../../shared/vocabulary';
import { FollowUpTypeIcon } from './Icons';

export function NextSteps({ status, onPlan }: { status: string; onPlan(step: NextStep): void }) {
  const steps = isOneOf(spiritualStatuses, status) ? nextSteps[status] : nextSteps.unknown;
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="next-steps-heading">
      <div className="card-body gap-2 p-5 sm:p-6">
        <h2 id="next-steps-heading" className="font-semibold">
          {t('Next steps')}
        </h2>
        <p className="text-sm text-base-content/75">{t('Ideas for where they are now. Tap one to plan it as a follow-up.')}</p>
        <ul className="mt-1 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {steps.map((step) => (
            <li key={step.text}>
              <button
                type="button"
                className="flex w-full items-center gap-3 rounded-box border border-base-300 px-3 py-2.5 text-start transition-colors hover:border-primary hover:bg-primary/5 focus-visible:outline-2 focus-visible:outline-primary"
                onClick={() => onPlan(step)}
              >
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent">
                  <FollowUpTypeIcon type={step.type} />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{t(step.text)}</span>
                  <span className="block text-xs text-base-content/70">
                    {t('{type} · {days, plural, one {in # day} other {in # days}}', { type: followUpTypeLabel(step.type), days: step.inDays })}
                  </span>
                </span>
                <span className="shrink-0 text-sm font-medium text-primary">{t('Plan')}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
