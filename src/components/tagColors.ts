// A tag's chip in its colour (issue 50): daisyUI's soft badges where a colour of the theme fits, so both themes keep
// their contrast; none is the plain chip.
import type { TagColor } from '../../shared/vocabulary';

const classes: Record<TagColor, string> = {
  red: 'badge-soft badge-error',
  orange: 'badge-soft badge-warning',
  yellow: 'badge-soft badge-accent',
  green: 'badge-soft badge-success',
  teal: 'badge-soft badge-primary',
  blue: 'badge-soft badge-info',
  purple: 'badge-soft badge-secondary',
  pink: 'badge-soft badge-neutral',
};

export const tagChipClass = (color: TagColor | null | undefined) => (color ? classes[color] : 'badge-outline');
