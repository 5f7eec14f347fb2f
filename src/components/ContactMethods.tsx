// A contact's phone and email as tap-to-call and tap-to-mail links.
import { MailIcon, PhoneIcon } from './Icons';

/** Dialers want the number alone: '+1 (555) 010-0100' calls as '+15550100100'. */
export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+*#,;]/g, '')}`;
}

export function ContactMethods({ phone, email, className = '' }: { phone: string | null; email: string | null; className?: string }) {
  if (!phone && !email) return null;
  return (
    <ul className={`grid gap-1.5 text-sm ${className}`}>
      {phone && (
        <li className="flex min-w-0 items-center gap-2">
          <PhoneIcon small />
          <span className="sr-only">Phone:</span>
          <a className="relative z-[1] link min-w-0 break-all link-hover" href={telHref(phone)}>
            {phone}
          </a>
        </li>
      )}
      {email && (
        <li className="flex min-w-0 items-center gap-2">
          <MailIcon small />
          <span className="sr-only">Email:</span>
          <a className="relative z-[1] link min-w-0 break-all link-hover" href={`mailto:${email}`}>
            {email}
          </a>
        </li>
      )}
    </ul>
  );
}
