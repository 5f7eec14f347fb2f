// Goal progress arithmetic: percentage, badge tone, and detecting the moment a goal is achieved.

export type GoalBadgeTone = 'success' | 'warning' | 'error';

// Over 100 is kept on purpose: exceeding a goal is shown as such. A bad target or count shows no progress.
export function goalPercentage(current: number, target: number): number {
  if (!(target > 0) || !Number.isFinite(current)) return 0;
  // Math.max(0, -0) is +0, so a tiny negative count cannot surface as "-0%".
  return Math.max(0, Math.round((current / target) * 100));
}

export function goalBadgeTone(percentage: number): GoalBadgeTone {
  if (percentage >= 75) return 'success';
  if (percentage >= 50) return 'warning';
  return 'error';
}

// previous is undefined on first render; a goal already at 100% when the page loads must not celebrate.
export function crossedCompletion(previous: number | undefined, next: number): boolean {
  return previous !== undefined && previous < 100 && next >= 100;
}
