// A contact's name as a link to their page (a quiet underline, so it reads as one on touch screens too), lifted above a row's stretched link.
import { Link } from 'react-router-dom';

export function contactPath(contactId: number) {
  return `/contacts/${contactId}`;
}

export function ContactLink({ contactId, name, className = '' }: { contactId: number; name: string; className?: string }) {
  return (
    <Link
      to={contactPath(contactId)}
      dir="auto"
      className={`relative z-[1] underline decoration-base-content/30 underline-offset-2 hover:decoration-current ${className}`}
    >
      {name}
    </Link>
  );
}
