// Settings: import contacts from a CSV or vCard file, shown first as a preview; nothing is written until confirmed.
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { IMPORT_MAX_CHARS } from '../../shared/schemas/account';
import { useInvalidate } from '../hooks/useInvalidate';
import { useToast } from '../hooks/useToast';
import { formattingLocale, t } from '../i18n';
import { errorMessage } from '../lib/errors';
import { account, importResultDescription } from '../lib/messages';
import { spiritualStatusLabel, type ImportFormat } from '../../shared/vocabulary';
import { trpc, type RouterOutputs } from '../lib/trpc';

type Plan = RouterOutputs['account']['previewImport'];
type Help = RouterOutputs['account']['importHelp'];
type Warning = Plan['warnings'][number];
type ImportFile = { name: string; format: ImportFormat; text: string };

/** A long address book would make the page endless; the count above the list still says how many. */
const SHOWN_ROWS = 100;

// A spreadsheet's rows are numbered as the spreadsheet shows them; an address book holds cards. Each text is whole per
// format, so a language can inflect 'row' and 'card' as it must.
const importUnits = {
  csv: {
    unknownStatuses: (count: number) =>
      t(
        '{count, plural, one {# row has a status Sower does not know, imported as Unknown} other {# rows have statuses Sower does not know, imported as Unknown}}',
        { count },
      ),
    problems: (count: number) =>
      t('{count, plural, one {# row has problems and will be left out} other {# rows have problems and will be left out}}', { count }),
    named: (row: number, name: string) => t('Row {row}, {name}:', { row, name }),
    numbered: (row: number) => t('Row {row}:', { row }),
  },
  vcard: {
    unknownStatuses: (count: number) =>
      t(
        '{count, plural, one {# card has a status Sower does not know, imported as Unknown} other {# cards have statuses Sower does not know, imported as Unknown}}',
        { count },
      ),
    problems: (count: number) =>
      t('{count, plural, one {# card has problems and will be left out} other {# cards have problems and will be left out}}', { count }),
    named: (row: number, name: string) => t('Card {row}, {name}:', { row, name }),
    numbered: (row: number) => t('Card {row}:', { row }),
  },
} as const;

/** vCard by its extension or its first line; anything else is read as CSV, whose parser says what it lacks. */
function formatOf(name: string, text: string): ImportFile['format'] {
  return /\.(vcf|vcard)$/i.test(name) || /^\uFEFF?\s*BEGIN:VCARD/i.test(text) ? 'vcard' : 'csv';
}

export function ContactImport() {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const { toast } = useToast();
  const invalidate = useInvalidate();
  const preview = trpc.account.previewImport.useMutation();
  const confirm = trpc.account.confirmImport.useMutation();
  const [file, setFile] = useState<ImportFile | null>(null);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A new key empties the file input, so picking the same file again reads it again.
  const [inputKey, setInputKey] = useState(0);
  const unit = file ? importUnits[file.format] : null;
  const unknownStatuses = plan?.warnings.filter((warning): warning is Extract<Warning, { kind: 'status' }> => warning.kind === 'status') ?? [];
  const unreadColumns = plan?.warnings.filter((warning): warning is Extract<Warning, { kind: 'column' }> => warning.kind === 'column') ?? [];

  function reset() {
    setFile(null);
    setPlan(null);
    setError(null);
    setInputKey((k) => k + 1);
  }

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    setFile(null);
    setPlan(null);
    setError(null);
    if (!picked) return;
    // The server's limit, checked here too so a big file is not sent only to be refused (a character is up to 4 bytes).
    const tooBig = t('The file must be at most 1 MB');
    if (picked.size > IMPORT_MAX_CHARS * 4) return setError(tooBig);
    const text = await picked.text();
    if (text.length > IMPORT_MAX_CHARS) return setError(tooBig);
    const chosen = { name: picked.name, format: formatOf(picked.name, text), text };
    setFile(chosen);
    try {
      setPlan(await preview.mutateAsync({ format: chosen.format, text: chosen.text }));
    } catch (failure) {
      setError(errorMessage(failure, account.previewFailed));
    }
  }

  async function importContacts() {
    if (!file) return;
    try {
      const result = await confirm.mutateAsync({ format: file.format, text: file.text });
      toast({
        title: account.contactsImported,
        description: importResultDescription({ created: result.created, skipped: result.skipped.length, problems: result.problems.length }),
        variant: 'success',
      });
      void invalidate('contact');
      reset();
    } catch (failure) {
      // Said in a toast even when the server names a field: the preview above is what the user is looking at.
      toast({ title: t('Error'), description: errorMessage(failure, account.importFailed), variant: 'destructive' });
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium">
          {t('Contacts file (CSV or vCard)')}
        </label>
        <input
          key={inputKey}
          id={inputId}
          type="file"
          accept=".csv,.vcf,.vcard,text/csv,text/vcard,text/x-vcard"
          className={`file-input w-full ${error ? 'file-input-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => void pick(event)}
        />
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-error">
            {error}
          </p>
        ) : (
          <ImportHelp />
        )}
      </div>

      {preview.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm">
          <span className="loading loading-sm loading-spinner" aria-hidden="true" /> {t('Reading {name}...', { name: file?.name ?? '' })}
        </p>
      )}

      {plan && file && unit && (
        <div className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-200/60 p-4" aria-live="polite">
          <p className="text-sm font-semibold">{t('Preview of {name}: nothing has been imported yet.', { name: file.name })}</p>
          <PreviewList
            title={t('{count, plural, one {# contact will be created} other {# contacts will be created}}', { count: plan.valid.length })}
            rows={plan.valid}
            tone="success"
          >
            {(draft) => (
              <>
                <span dir="auto" className="font-medium wrap-anywhere">
                  {draft.name}
                </span>
                <span dir="auto" className="text-base-content/70 wrap-anywhere">
                  {[draft.email, draft.phone, spiritualStatusLabel(draft.spiritualStatus)].filter(Boolean).join(' · ')}
                </span>
              </>
            )}
          </PreviewList>
          <PreviewList
            title={t('{count, plural, one {# column is not read: its values are left out} other {# columns are not read: their values are left out}}', {
              count: plan.warningCounts.column,
            })}
            rows={unreadColumns}
            total={plan.warningCounts.column}
            tone="warning"
          >
            {(warning) => (
              <span className="wrap-anywhere">
                <span className="font-medium">{t('Row {row}, column {column}:', { row: warning.row, column: warning.column })}</span>{' '}
                <bdi>{t('“{status}”', { status: warning.value })}</bdi>
              </span>
            )}
          </PreviewList>
          <PreviewList title={unit.unknownStatuses(plan.warningCounts.status)} rows={unknownStatuses} total={plan.warningCounts.status} tone="warning">
            {(warning) => (
              <span dir="auto" className="wrap-anywhere">
                <span className="font-medium">{unit.named(warning.row, warning.name)}</span> <bdi>{t('“{status}”', { status: warning.value })}</bdi>
              </span>
            )}
          </PreviewList>
          <PreviewList title={unit.problems(plan.problems.length)} rows={plan.problems} tone="error">
            {(problem) => (
              <span>
                <span className="font-medium">{unit.numbered(problem.row)}</span> {problem.reason}
              </span>
            )}
          </PreviewList>
          <PreviewList
            title={t('{count, plural, one {# duplicate will be skipped} other {# duplicates will be skipped}}', { count: plan.duplicates.length })}
            rows={plan.duplicates}
            tone="warning"
          >
            {(duplicate) => (
              <span dir="auto" className="wrap-anywhere">
                <span className="font-medium">{unit.named(duplicate.row, duplicate.name)}</span> {duplicate.reason}
              </span>
            )}
          </PreviewList>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn btn-ghost" onClick={reset} disabled={confirm.isPending}>
              {t('Cancel')}
            </button>
            <button type="button" className="btn btn-primary" disabled={confirm.isPending || plan.valid.length === 0} onClick={() => void importContacts()}>
              {confirm.isPending ? t('Importing...') : t('{count, plural, one {Import # contact} other {Import # contacts}}', { count: plan.valid.length })}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

interface PreviewListProps<T> {
  title: string;
  rows: readonly T[];
  /** How many there are, when `rows` holds only the first of them. */
  total?: number;
  tone: 'success' | 'error' | 'warning';
  children(row: T): ReactNode;
}

const toneDot = { success: 'bg-success', error: 'bg-error', warning: 'bg-warning' } as const;

function PreviewList<T>({ title, rows, total = rows.length, tone, children }: PreviewListProps<T>) {
  const headingId = useId();
  if (rows.length === 0) return null;
  const shown = Math.min(rows.length, SHOWN_ROWS);
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <span className={`size-2 rounded-full ${toneDot[tone]}`} aria-hidden="true" />
        {title}
      </h3>
      <ul className="mt-2 flex flex-col divide-y divide-base-300 rounded-field border border-base-300 bg-base-100 text-sm">
        {rows.slice(0, SHOWN_ROWS).map((row, index) => (
          <li key={index} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-baseline sm:gap-3">
            {children(row)}
          </li>
        ))}
        {total > shown && <li className="px-3 py-2 text-base-content/70">{t('{count, plural, other {and # more}}', { count: total - shown })}</li>}
      </ul>
    </section>
  );
}

/** Each field's name on a screen, in the reader's language. */
const fieldLabels: Record<Help['columns'][number]['field'], () => string> = {
  name: () => t('Name'),
  firstName: () => t('First name'),
  lastName: () => t('Last name'),
  email: () => t('Email'),
  phone: () => t('Phone'),
  spiritualStatus: () => t('Spiritual status'),
  notes: () => t('Notes'),
  source: () => t('How we met'),
  tags: () => t('Tags'),
};

/**
 * Words as alternatives in the reader's language ('a, b o c', 'a أو b أو c'), each word isolated so Arabic and Latin words keep
 * their own direction beside each other.
 */
function WordList({ words }: { words: string[] }) {
  const parts = new Intl.ListFormat(formattingLocale(), { type: 'disjunction' }).formatToParts(words);
  return (
    <dd className="text-base-content/80">
      {parts.map((part, index) => (part.type === 'element' ? <bdi key={index}>{part.value}</bdi> : <span key={index}>{part.value}</span>))}
    </dd>
  );
}

/**
 * What the import reads, exactly: the server answers the very tables its import reads with (server/formats/contactImport.ts),
 * the reader's language first, then English, then Sower's other languages.
 */
function ImportHelp() {
  const help = trpc.account.importHelp.useQuery(undefined, { staleTime: Infinity });
  return (
    <div className="flex flex-col gap-1 text-xs text-base-content/70">
      <p>{t('A CSV file needs a first row naming its columns, one of them the name (or the first and last name). Case and accents do not matter.')}</p>
      {help.data && (
        <details className="group">
          <summary className="cursor-pointer font-medium text-base-content underline-offset-2 hover:underline">
            {t('Which column names and statuses are read')}
          </summary>
          <div className="mt-2 flex flex-col gap-3 rounded-field border border-base-300 bg-base-100 p-3">
            <section>
              <h3 className="font-semibold text-base-content">{t('Columns, in any of these names')}</h3>
              <dl className="mt-1 grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[max-content_1fr]">
                {help.data.columns.map(({ field, words }) => (
                  <div key={field} className="contents">
                    <dt className="font-medium text-base-content">{fieldLabels[field]()}</dt>
                    <WordList words={words} />
                  </div>
                ))}
                <div className="contents">
                  <dt className="font-medium text-base-content">{t('Recognised, not imported')}</dt>
                  <WordList words={help.data.ignoredColumns} />
                </div>
              </dl>
            </section>
            <section>
              <h3 className="font-semibold text-base-content">{t('Statuses, in any of these words')}</h3>
              <dl className="mt-1 grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[max-content_1fr]">
                {help.data.statuses.map(({ status, words }) => (
                  <div key={status} className="contents">
                    <dt className="font-medium text-base-content">{spiritualStatusLabel(status)}</dt>
                    <WordList words={words} />
                  </div>
                ))}
              </dl>
              <p className="mt-1">{t('Any other status is imported as Unknown, and the preview says so.')}</p>
            </section>
            <p>{t('A vCard file is read from its FN (or N), EMAIL, TEL, NOTE and X-SOWER-STATUS.')}</p>
          </div>
        </details>
      )}
    </div>
  );
}
