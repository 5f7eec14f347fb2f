// Small inline icons for activity types, follow-up types, resources and stat cards (no icon package).
import type { ReactNode } from 'react';
import { followUpTypeKind, resourceIconKind } from '../lib/labels';

function Svg({ children, className = 'h-5 w-5' }: { children: ReactNode; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      {children}
    </svg>
  );
}

export const ChatIcon = () => (
  <Svg>
    <path d="M4 5h16v11H8l-4 4z" />
  </Svg>
);
export const CrossIcon = () => (
  <Svg>
    <path d="M12 3v18M6 9h12" />
  </Svg>
);
export const PersonPlusIcon = () => (
  <Svg>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21c0-4 3-6 7-6s7 2 7 6M19 8v6M16 11h6" />
  </Svg>
);
export const HandsIcon = () => (
  <Svg>
    <path d="M12 21s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.5-7 10-7 10z" />
  </Svg>
);
export const PhoneIcon = () => (
  <Svg>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
  </Svg>
);
export const MeetIcon = () => (
  <Svg>
    <circle cx="8" cy="8" r="3" />
    <circle cx="16" cy="8" r="3" />
    <path d="M2 20c0-3 2.5-5 6-5s6 2 6 5M14 15.5c3.5-.5 8 1 8 4.5" />
  </Svg>
);
export const MailIcon = () => (
  <Svg>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </Svg>
);
export const TextIcon = () => (
  <Svg>
    <path d="M4 4h16v12H9l-5 4zM8 9h8M8 12h5" />
  </Svg>
);
export const BookIcon = () => (
  <Svg>
    <path d="M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2zM4 5v16" />
  </Svg>
);
export const DotsIcon = () => (
  <Svg>
    <circle cx="6" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="18" cy="12" r="1" />
  </Svg>
);
export const PlusIcon = () => (
  <Svg className="h-4 w-4">
    <path d="M12 5v14M5 12h14" />
  </Svg>
);
export const SproutIcon = () => (
  <Svg>
    <path d="M12 21v-9M12 12c0-4-3-7-8-7 0 4 3 7 8 7zM12 14c0-3 2.5-6 7-6 0 3.5-2.5 6-7 6z" />
  </Svg>
);

const activityIcons: Record<string, { icon: ReactNode; tone: string }> = {
  conversation: { icon: <ChatIcon />, tone: 'bg-primary/12 text-primary' },
  gospel_presentation: { icon: <CrossIcon />, tone: 'bg-secondary/15 text-secondary' },
  new_contact: { icon: <PersonPlusIcon />, tone: 'bg-info/15 text-info-content' },
  follow_up: { icon: <PhoneIcon />, tone: 'bg-accent/15 text-accent-content' },
};

export function ActivityTypeIcon({ type }: { type: string }) {
  const { icon, tone } = activityIcons[type] ?? { icon: <DotsIcon />, tone: 'bg-base-200 text-base-content/80' };
  return <div className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${tone}`}>{icon}</div>;
}

const followUpIcons = { phone: <PhoneIcon />, meeting: <MeetIcon />, email: <MailIcon />, text: <TextIcon />, other: <DotsIcon /> };

export function FollowUpTypeIcon({ type }: { type: string }) {
  return <span className="text-base-content/70">{type === 'study' ? <BookIcon /> : followUpIcons[followUpTypeKind(type)]}</span>;
}

const resourceIcons = {
  gospel: { icon: <CrossIcon />, tone: 'bg-primary/12 text-primary' },
  evangelism: { icon: <ChatIcon />, tone: 'bg-secondary/15 text-secondary' },
  other: { icon: <BookIcon />, tone: 'bg-accent/15 text-accent-content' },
};

export function ResourceIcon({ category }: { category: string }) {
  const { icon, tone } = resourceIcons[resourceIconKind(category)];
  return <div className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ${tone}`}>{icon}</div>;
}
