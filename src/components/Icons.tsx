// Small inline icons for activity types, follow-up types, resources and stat cards (no icon package).
import type { ReactNode } from 'react';
import type { FollowUpType } from '../../shared/vocabulary';
import { resourceIconKind } from '../lib/resourceIcon';

interface IconProps {
  /** 16px instead of 20px, beside small text. */
  small?: boolean;
}

// Every icon is decorative: the text beside it says the same, so screen readers skip it. One that points along the line
// of reading (an arrow, a chevron, steps going forward) is `directional`: it mirrors in a right-to-left language.
function outline(shape: ReactNode, { directional = false } = {}) {
  return function OutlineIcon({ small }: IconProps) {
    return (
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`shrink-0 ${small ? 'h-4 w-4' : 'h-5 w-5'} ${directional ? 'rtl:-scale-x-100' : ''}`}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {shape}
      </svg>
    );
  };
}

/** A clock: something past its time (the dashboard's overdue line). */
export const ClockIcon = outline(<path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2" />);
/** Two arrows chasing each other round: a follow-up that repeats. */
export const RepeatIcon = outline(<path d="M17 2l3 3-3 3M4 11V9a4 4 0 0 1 4-4h12M7 22l-3-3 3-3M20 13v2a4 4 0 0 1-4 4H4" />);
export const ChatIcon = outline(<path d="M4 5h16v11H8l-4 4z" />);
export const CrossIcon = outline(<path d="M12 3v18M6 9h12" />);
export const PersonPlusIcon = outline(
  <>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21c0-4 3-6 7-6s7 2 7 6M19 8v6M16 11h6" />
  </>,
);
export const HandsIcon = outline(<path d="M12 21s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.5-7 10-7 10z" />);
export const PhoneIcon = outline(<path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />);
export const MeetIcon = outline(
  <>
    <circle cx="8" cy="8" r="3" />
    <circle cx="16" cy="8" r="3" />
    <path d="M2 20c0-3 2.5-5 6-5s6 2 6 5M14 15.5c3.5-.5 8 1 8 4.5" />
  </>,
);
export const MailIcon = outline(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </>,
);
export const TextIcon = outline(<path d="M4 4h16v12H9l-5 4zM8 9h8M8 12h5" />);
export const BookIcon = outline(<path d="M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2zM4 5v16" />);
export const DotsIcon = outline(
  <>
    <circle cx="6" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="18" cy="12" r="1" />
  </>,
);
export const StepUpIcon = outline(<path d="M4 18h5v-5h5V8h6M16 4l4 4-4 4" />, { directional: true });
const PlusShape = outline(<path d="M12 5v14M5 12h14" />);
export const PlusIcon = () => <PlusShape small />;

const activityIcons: Record<string, { icon: ReactNode; tone: string }> = {
  conversation: { icon: <ChatIcon />, tone: 'bg-primary/12 text-primary' },
  gospel_presentation: { icon: <CrossIcon />, tone: 'bg-secondary/15 text-secondary' },
  new_contact: { icon: <PersonPlusIcon />, tone: 'bg-info/15 text-info' },
  follow_up: { icon: <PhoneIcon />, tone: 'bg-accent/15 text-accent' },
};

export function ActivityTypeIcon({ type }: { type: string }) {
  const { icon, tone } = Object.hasOwn(activityIcons, type) ? activityIcons[type] : { icon: <DotsIcon />, tone: 'bg-base-200 text-base-content/80' };
  return <div className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${tone}`}>{icon}</div>;
}

const followUpIcons: Record<FollowUpType, ReactNode> = {
  phone: <PhoneIcon small />,
  meeting: <MeetIcon small />,
  email: <MailIcon small />,
  text: <TextIcon small />,
  study: <BookIcon small />,
  other: <DotsIcon small />,
};

export function FollowUpTypeIcon({ type }: { type: FollowUpType }) {
  return <span className="text-base-content/70">{followUpIcons[type]}</span>;
}

const resourceIcons = {
  gospel: { icon: <CrossIcon />, tone: 'bg-primary/12 text-primary' },
  evangelism: { icon: <ChatIcon />, tone: 'bg-secondary/15 text-secondary' },
  other: { icon: <BookIcon />, tone: 'bg-accent/15 text-accent' },
};

export function ResourceIcon({ category }: { category: string }) {
  const { icon, tone } = resourceIcons[resourceIconKind(category)];
  return <div className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ${tone}`}>{icon}</div>;
}
