// A contact's initials in a round avatar.
import { getInitials } from '../lib/names';

export function ContactAvatar({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' }) {
  const box = size === 'sm' ? 'h-9 w-9 text-xs' : 'h-11 w-11 text-sm';
  return (
    <div aria-hidden="true" className={`flex shrink-0 items-center justify-center rounded-full bg-primary/12 font-semibold text-primary ${box}`}>
      {getInitials(name)}
    </div>
  );
}
