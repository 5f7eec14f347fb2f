// The Sower mark (a sprouting seed, the same drawing as the favicon) with the name and, optionally, the tagline.
import { t } from '../i18n';

interface BrandProps {
  showTagline?: boolean;
  /** In the phone's top bar: the name gives its room to the team switcher below 360 px, rather than wrapping a letter a line. */
  narrow?: boolean;
}

export function Brand({ showTagline = false, narrow = false }: BrandProps) {
  return (
    <div className="flex items-center gap-3">
      <svg className="size-9 shrink-0" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
        <path d="M16 22.5V13.5" stroke="#ffffff" strokeWidth="2.2" strokeLinecap="round" />
        <path d="M15.6 15.2C15.2 11.4 12.2 9 7.8 9.3c.1 4 3.3 6.4 7.8 5.9z" fill="#bfe8d6" />
        <path d="M16.4 13.4c.3-4.2 3.4-6.8 8-6.5-.1 4.3-3.4 6.9-8 6.5z" fill="#ffffff" />
        <ellipse cx="16" cy="24.2" rx="5.2" ry="3.2" fill="#e9c46a" />
        <path d="M12.6 23.6c1.2-.9 2.3-1.2 3.4-1.2" stroke="#b8892f" strokeWidth="1" strokeLinecap="round" fill="none" />
      </svg>
      <div className={`min-w-0 ${narrow ? 'max-[359px]:sr-only' : ''}`}>
        <p className="text-lg leading-tight font-bold tracking-tight whitespace-nowrap text-base-content">Sower</p>
        {showTagline && <p className="text-xs leading-snug text-base-content/70">{t('Track and manage your gospel sharing journey')}</p>}
      </div>
    </div>
  );
}
