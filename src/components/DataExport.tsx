// Settings: download everything as JSON, or the contacts as CSV or vCard (plain links to the export endpoints).
import { Trans } from '@lingui/react';
import { msg, t } from '../i18n';

// Marked here, translated where shown: this list is built once, before any language is chosen.
const EXPORTS = [
  { href: '/api/account/export', label: msg('All my data (JSON)'), hint: msg('Contacts, activities, follow-ups, prayer requests, goals and teams') },
  { href: '/api/account/export/contacts.csv', label: msg('Contacts (CSV)'), hint: msg('For a spreadsheet') },
  { href: '/api/account/export/contacts.vcf', label: msg('Contacts (vCard)'), hint: msg('For an address book or phone') },
] as const;

export function DataExport() {
  return (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-3">
      {EXPORTS.map(({ href, label, hint }) => (
        <li key={href}>
          {/* The server names each file (Content-Disposition), and the session cookie goes along as with any same-origin link. */}
          <a href={href} download className="flex h-full flex-col gap-1 rounded-field border border-base-300 px-4 py-3 transition-colors hover:bg-base-200">
            <span className="flex items-center gap-2 text-sm font-semibold">
              <svg
                className="size-4 shrink-0 text-primary"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
              </svg>
              <span>
                <Trans id="<0>Download </0>{file}" values={{ file: t(label) }} components={{ 0: <span className="sr-only" /> }} />
              </span>
            </span>
            <span className="text-xs text-base-content/70">{t(hint)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
