// Settings: download everything as JSON, or the contacts as CSV or vCard (plain links to the export endpoints), of what
// the person created or of everything they can see (issue 48); the encrypted export below takes the same choice.
import { Trans } from '@lingui/react';
import { useState } from 'react';
import { msg, t } from '../i18n';
import type { ExportScope } from '../../shared/schemas/account';
import { EncryptedExport } from './EncryptedExport';

const SCOPES: readonly { value: ExportScope; label: string; hint: string }[] = [
  { value: 'created', label: msg('What I created'), hint: msg('Your own records, personal or in a team') },
  { value: 'visible', label: msg('Everything I can see'), hint: msg('Also the records of your teams that others added') },
];

/** An export's address with the choice: the default (what I created) keeps the address it always had. */
const withScope = (href: string, scope: ExportScope) => (scope === 'created' ? href : `${href}?scope=${scope}`);

// Marked here, translated where shown: this list is built once, before any language is chosen.
const EXPORTS = [
  { href: '/api/account/export', label: msg('All my data (JSON)'), hint: msg('Contacts, activities, follow-ups, prayer requests, goals and teams') },
  { href: '/api/account/export/contacts.csv', label: msg('Contacts (CSV)'), hint: msg('For a spreadsheet') },
  { href: '/api/account/export/contacts.vcf', label: msg('Contacts (vCard)'), hint: msg('For an address book or phone') },
] as const;

export function DataExport() {
  const [scope, setScope] = useState<ExportScope>('created');
  return (
    <>
      <fieldset className="mb-4">
        <legend className="mb-2 text-sm font-semibold">{t('Which records')}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {SCOPES.map(({ value, label, hint }) => (
            <label
              key={value}
              className={`flex cursor-pointer items-start gap-3 rounded-field border px-4 py-3 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary ${
                scope === value ? 'border-primary bg-primary/10' : 'border-base-300 hover:bg-base-200'
              }`}
            >
              <input
                type="radio"
                name="export-scope"
                value={value}
                className="radio radio-primary radio-sm mt-0.5"
                checked={scope === value}
                onChange={() => setScope(value)}
              />
              <span className="flex min-w-0 flex-col gap-1 text-sm font-medium">
                {t(label)}
                <span className="text-xs font-normal text-base-content/70">{t(hint)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <ExportLinks scope={scope} />
      <EncryptedExport scope={scope} />
    </>
  );
}

function ExportLinks({ scope }: { scope: ExportScope }) {
  return (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-3">
      {EXPORTS.map(({ href, label, hint }) => (
        <li key={href}>
          {/* The server names each file (Content-Disposition), and the session cookie goes along as with any same-origin link. */}
          <a
            href={withScope(href, scope)}
            download
            className="flex h-full flex-col gap-1 rounded-field border border-base-300 px-4 py-3 transition-colors hover:bg-base-200"
          >
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
