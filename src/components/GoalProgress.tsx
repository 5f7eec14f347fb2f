// A goal's progress: '{current} of {target} completed', a coloured badge, and a celebration when it reaches 100%.
import { useEffect, useRef, useState } from 'react';
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
}

export function GoalProgress({ goalId, title, current, target, percentage }: GoalProgressProps) {
  const previous = useRef<number | undefined>(undefined);
  const [celebrating, setCelebrating] = useState(false);
  const done = percentage >= 100;

  useEffect(() => {
    const crossed = crossedCompletion(previous.current, percentage);
    previous.current = percentage;
    if (!crossed) return;
    setCelebrating(true);
    const timer = setTimeout(() => setCelebrating(false), CELEBRATION_MS);
    return () => clearTimeout(timer);
  }, [percentage]);

  return (
    <div data-goal-id={goalId}>
      <div className="mb-1.5 flex items-center justify-between gap-3">
        <p className="min-w-0 truncate text-sm font-medium">{title}</p>
        <span className={`badge badge-sm ${badgeTones[goalBadgeTone(percentage)]} ${done ? 'animate-bounce' : ''}`}>{percentage}%</span>
      </div>
      <progress
        className={`progress w-full ${done ? 'progress-success animate-pulse' : 'progress-primary'}`}
        value={Math.min(current, target)}
        max={target}
        aria-label={`${title}: ${percentage}%`}
      />
      <p className="mt-1 text-xs text-base-content/70">
        {current} of {target} completed
      </p>
      {celebrating && <GoalCelebration title={title} />}
    </div>
  );
}
