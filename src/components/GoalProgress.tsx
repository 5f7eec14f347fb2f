// A goal's progress: '{current} of {target} completed', a coloured badge, and a celebration when it reaches 100%.
import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n';
import { crossedCompletion, goalBadgeTone } from '../lib/goals';
import { GoalCelebration } from './GoalCelebration';

const CELEBRATION_MS = 3000;
const badgeTones = { success: 'badge-success', warning: 'badge-warning', error: 'badge-error' } as const;

interface GoalProgressProps {
  goalId: number;
  title: string;
  current: number;
  target: number;
  percentage: number;
  /** The words beside the badge when the goal's title already heads the card; the title still names the celebration. */
  label?: string;
}

export function GoalProgress({ goalId, title, current, target, percentage, label = title }: GoalProgressProps) {
  const previous = useRef<number | undefined>(undefined);
  const [celebrating, setCelebrating] = useState(false);
  const done = percentage >= 100;

  useEffect(() => {
    if (crossedCompletion(previous.current, percentage)) setCelebrating(true);
    previous.current = percentage;
  }, [percentage]);

  // Its own effect, so a further change of progress during the 3 seconds cannot cancel the hiding.
  useEffect(() => {
    if (!celebrating) return;
    const timer = setTimeout(() => setCelebrating(false), CELEBRATION_MS);
    return () => clearTimeout(timer);
  }, [celebrating]);

  return (
    <div data-goal-id={goalId}>
      <div className="mb-1.5 flex items-center justify-between gap-3">
        <p dir="auto" className="min-w-0 truncate text-sm font-medium">
          {label}
        </p>
        <span className={`badge shrink-0 badge-sm ${badgeTones[goalBadgeTone(percentage)]} ${done ? 'animate-bounce' : ''}`}>
          {t('{percentage}%', { percentage })}
        </span>
      </div>
      <progress
        className={`progress w-full ${done ? 'progress-success animate-pulse' : 'progress-primary'}`}
        value={Math.min(current, target)}
        max={target}
        aria-label={t('{title}: {percentage}%', { title, percentage })}
      />
      <p className="mt-1 text-xs text-base-content/70">{t('{current} of {target} completed', { current, target })}</p>
      {celebrating && <GoalCelebration title={title} />}
    </div>
  );
}
