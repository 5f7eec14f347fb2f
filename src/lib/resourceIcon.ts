// Which icon a resource's category gets: its category is free text, so the words in it decide (SPEC §2).

export type ResourceIconKind = 'gospel' | 'evangelism' | 'other';

export function resourceIconKind(category: string): ResourceIconKind {
  const normalized = category.toLowerCase();
  if (normalized.includes('gospel')) return 'gospel';
  if (normalized.includes('evangelism')) return 'evangelism';
  return 'other';
}
