// The head of a row about one person: their avatar, their name as a link to their page, and the lines under the name.
// It sits in the row's own flex line (the row decides its gaps and what else the line holds).
import type { ReactNode } from 'react';
import { ContactAvatar } from './ContactAvatar';
import { ContactLink } from './ContactLink';

interface ContactHeadingProps {
  /** Null for a row about no one person (a prayer request for a city, issue 50 §5): the name is plain text. */
  contactId: number | null;
  name: string;
  /** A heading where the row is a card of its own; a plain line in a card's list. */
  as?: 'h2' | 'p';
  /** The name's weight: a heading's by default; a row that stands in for a card takes the card's. */
  weight?: 'medium' | 'semibold';
  children?: ReactNode;
}

export function ContactHeading({ contactId, name, as: Name = 'p', weight = Name === 'h2' ? 'semibold' : 'medium', children }: ContactHeadingProps) {
  return (
    <>
      <ContactAvatar name={name} size="sm" />
      <div className="min-w-0 flex-1">
        <Name dir="auto" className={`${weight === 'semibold' ? 'font-semibold' : 'font-medium'} wrap-anywhere`}>
          {contactId === null ? name : <ContactLink contactId={contactId} name={name} />}
        </Name>
        {children}
      </div>
    </>
  );
}
