// A contact's initials in a round avatar.
import { getInitials } from '../lib/names';

const boxes = { sm: 'h-9 w-9 text-xs', md: 'h-11 w-11 text-sm', lg: 'h-16 w-16 text-xl' };

export function ContactAvatar({ name, size = 'md' }: { name: string; size?: keyof typeof boxes }) {
  const box = boxes[size];
  return (
    <div aria-hidden="true" className={`flex shrink-0 items-center justify-center rounded-full bg-primary/12 font-semibold text-primary ${box}`}>
      {getInitials(name)}
    </div>
  );
}
