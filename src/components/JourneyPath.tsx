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
    return date ? (
      <Trans id="<0>current step, </0>Since {date}" values={{ date }} components={spoken} />
    ) : (
      <Trans id="<0>current step, </0>Now" components={spoken} />
    );
  if (step.state === 'passed')
    // A step passed before Sower knew the person has no date; the blank keeps the labels level.
    return date ? (
      <Trans id="<0>passed, </0>{date}" values={{ date }} components={spoken} />
    ) : (
      <>
        <Trans id="<0>passed, </0>" components={spoken} />
        {'\u00a0'}
      </>
    );
  return date ?? t('Not yet');
}

export function JourneyPath({
  name,
  status,
  changes,
}: {
  name: string;
  status: string;
  changes: readonly { fromStatus?: string | null; toStatus: string; changedAt: Date }[];
}) {
  const steps = journeySteps(status, changes);
  return (
    <div>
      {/* Down the card on a phone, where five labels side by side left about 60 px each and broke words ('Explorand/o'):
          each label and its date on one line; across from sm up, where every label fits whole. */}
      <ol className="steps steps-vertical w-full text-sm sm:steps-horizontal" aria-label={t('Journey steps')}>
        {steps.map((step) => (
          <li
            key={step.status}
            aria-current={step.state === 'current' ? 'step' : undefined}
            data-content={step.state === 'passed' ? '✓' : step.state === 'current' ? '●' : ''}
            className={`step min-h-11 min-w-0 sm:min-h-0 ${step.state === 'ahead' ? '' : 'step-primary'}`}
          >
            <span
              className={`flex min-w-0 flex-wrap items-baseline gap-x-2 px-0.5 leading-tight sm:flex-col sm:flex-nowrap sm:items-center sm:gap-x-0 sm:text-center ${step.state === 'current' ? 'font-bold' : step.state === 'ahead' ? 'text-base-content/70' : ''}`}
            >
              <span className="wrap-break-word">{spiritualStatusLabel(step.status)}</span>
              <span className={`text-xs font-normal sm:mt-0.5 sm:text-[0.7rem] ${step.state === 'current' ? 'text-primary' : 'text-base-content/70'}`}>
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
