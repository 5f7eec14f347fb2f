// A contact's name as a link to their page, lifted above a row's stretched link so both stay clickable.
import { Link } from 'react-router-dom';

export function contactPath(contactId: number) {
  return `/contacts/${contactId}`;
}

export function ContactLink({ contactId, name, className = '' }: { contactId: number; name: string; className?: string }) {
  return (
    <Link to={contactPath(contactId)} className={`relative z-[1] link link-hover ${className}`}>
      {name}
    </Link>
  );
}
