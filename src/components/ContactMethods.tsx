// A contact's phone and email as tap-to-call and tap-to-mail links, each isolated left to right in every language
// ("+966 50 123 4567" reads in that order in Arabic too); the number shows as typed and dials in ASCII digits.
import { t } from '../i18n';
import { telHref } from '../lib/names';
import { MailIcon, PhoneIcon } from './Icons';

export function ContactMethods({ phone, email, className = '' }: { phone: string | null; email: string | null; className?: string }) {
  if (!phone && !email) return null;
  const dial = phone && telHref(phone);
  return (
    <ul className={`grid grid-cols-1 gap-1.5 text-sm ${className}`}>
      {phone && (
        <li className="flex min-w-0 items-center gap-2">
          <PhoneIcon small />
          <span className="sr-only">{t('Phone:')}</span>
          {dial ? (
            <a dir="ltr" className="relative z-[1] link min-w-0 break-all link-hover" href={dial}>
              {phone}
            </a>
          ) : (
            <span dir="ltr" className="min-w-0 break-all">
              {phone}
            </span>
          )}
        </li>
      )}
      {email && (
        <li className="flex min-w-0 items-center gap-2">
          <MailIcon small />
          <span className="sr-only">{t('Email:')}</span>
          <a dir="ltr" className="relative z-[1] link min-w-0 break-all link-hover" href={`mailto:${email}`}>
            {email}
          </a>
        </li>
      )}
    </ul>
  );
}
