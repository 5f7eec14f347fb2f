// A contact's spiritual journey drawn as five steps, the current one marked, each with the date it was reached.
import { journeySteps, type JourneyStep } from '../lib/journey';
import { spiritualStatusLabel } from '../../shared/vocabulary';
import { formatDay } from '../lib/dates';


function stepNote(step: JourneyStep) {
  if (step.state === 'current') return step.reachedAt ? `Since ${formatDay(step.reachedAt)}` : 'Now';
  if (step.reachedAt) return formatDay(step.reachedAt);
  // A step passed before Sower knew the person has no date; the blank keeps the labels level.
  return step.state === 'passed' ? '\u00a0' : 'Not yet';
}

export function JourneyPath({ name, status, changes }: { name: string; status: string; changes: readonly { toStatus: string; changedAt: Date }[] }) {
  const steps = journeySteps(status, changes);
  return (
    <div>
      <ol className="steps w-full text-xs sm:text-sm" aria-label="Journey steps">
        {steps.map((step) => (
          <li
            key={step.status}
            aria-current={step.state === 'current' ? 'step' : undefined}
            data-content={step.state === 'passed' ? '✓' : step.state === 'current' ? '●' : ''}
            className={`step ${step.state === 'ahead' ? '' : 'step-primary'}`}
          >
            <span className={`flex flex-col items-center px-0.5 leading-tight ${step.state === 'current' ? 'font-bold' : step.state === 'ahead' ? 'text-base-content/70' : ''}`}>
              <span>{spiritualStatusLabel(step.status)}</span>
              <span className={`mt-0.5 text-[0.7rem] font-normal ${step.state === 'current' ? 'text-primary' : 'text-base-content/70'}`}>
                <span className="sr-only">{step.state === 'current' ? 'current step, ' : step.state === 'passed' ? 'passed, ' : ''}</span>
                {stepNote(step)}
              </span>
            </span>
          </li>
        ))}
      </ol>
      {status === 'unknown' && (
        <p className="mt-3 text-center text-sm text-base-content/75">
          Where {name} stands is not known yet. Choose a spiritual status with Edit to start the path.
        </p>
      )}
    </div>
  );
}
