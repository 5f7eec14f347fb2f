// A contact's spiritual journey drawn as five steps, the current one marked, each with the date it was reached.
import { Trans } from '@lingui/react';
import type { ReactNode } from 'react';
import { t } from '../i18n';
import { journeySteps, type JourneyStep } from '../lib/journey';
import { spiritualStatusLabel } from '../../shared/vocabulary';
import { formatDay } from '../lib/dates';

/** Read before the note by screen readers only: the step's state, which the marker shows to the eye. */
const spoken = { 0: <span className="sr-only" /> };

/** The step's state for screen readers and its visible note, as one text per case so a language can order them. */
function stepNote(step: JourneyStep): ReactNode {
  const date = step.reachedAt ? formatDay(step.reachedAt) : null;
  if (step.state === 'current')
    return date ? <Trans id="<0>current step, </0>Since {date}" values={{ date }} components={spoken} /> : <Trans id="<0>current step, </0>Now" components={spoken} />;
  if (step.state === 'passed')
    // A step passed before Sower knew the person has no date; the blank keeps the labels level.
    return date ? <Trans id="<0>passed, </0>{date}" values={{ date }} components={spoken} /> : <><Trans id="<0>passed, </0>" components={spoken} />{'\u00a0'}</>;
  return date ?? t('Not yet');
}

export function JourneyPath({ name, status, changes }: { name: string; status: string; changes: readonly { fromStatus?: string | null; toStatus: string; changedAt: Date }[] }) {
  const steps = journeySteps(status, changes);
  return (
    <div>
      <ol className="steps w-full text-xs sm:text-sm" aria-label={t('Journey steps')}>
        {steps.map((step) => (
          <li
            key={step.status}
            aria-current={step.state === 'current' ? 'step' : undefined}
            data-content={step.state === 'passed' ? '✓' : step.state === 'current' ? '●' : ''}
            className={`step min-w-0 ${step.state === 'ahead' ? '' : 'step-primary'}`}
          >
            <span className={`flex min-w-0 flex-col items-center px-0.5 leading-tight hyphens-auto wrap-anywhere ${step.state === 'current' ? 'font-bold' : step.state === 'ahead' ? 'text-base-content/70' : ''}`}>
              <span>{spiritualStatusLabel(step.status)}</span>
              <span className={`mt-0.5 text-[0.7rem] font-normal ${step.state === 'current' ? 'text-primary' : 'text-base-content/70'}`}>
                {stepNote(step)}
              </span>
            </span>
          </li>
        ))}
      </ol>
      {status === 'unknown' && (
        <p className="mt-3 text-center text-sm text-base-content/75">
          {t('Where {name} stands is not known yet. Choose a spiritual status with Edit to start the path.', { name })}
        </p>
      )}
    </div>
  );
}
