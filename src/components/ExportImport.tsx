// Settings → Import a Sower export: a .json export, or an encrypted .age one with its passphrase, added to this account.
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { t } from '../i18n';
import { fieldErrors, errorMessage, serverIssues } from '../lib/errors';
import { useInvalidate } from '../hooks/useInvalidate';
import { useToast } from '../hooks/useToast';
import { trpc } from '../lib/trpc';
import { TextField } from '../forms/TextField';

/** The server's cap on a file (the 1 MB request body, the file in base64): about 750 KB. */
const MAX_FILE_BYTES = 750_000;
const AGE_START = 'age-encryption.org/v1\n';

interface Picked {
  name: string;
  base64: string;
  encrypted: boolean;
}

/** Bytes as base64, a slice at a time (a spread of a whole file would pass the engine's limit on arguments). */
function toBase64(bytes: Uint8Array) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export function ExportImport() {
  const inputId = useId();
  const { toast } = useToast();
  const invalidate = useInvalidate();
  const importExport = trpc.account.importExport.useMutation();
  const [file, setFile] = useState<Picked | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [inputKey, setInputKey] = useState(0);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    setFile(null);
    setErrors({});
    if (!picked) return;
    // Sent as base64 inside the 1 MB a request may hold: 750 kB of file.
    if (picked.size > MAX_FILE_BYTES) return setErrors({ file: t('This file is larger than 750 kB, more than Sower can import at once.') });
    const bytes = new Uint8Array(await picked.arrayBuffer());
    const encrypted = new TextDecoder().decode(bytes.subarray(0, AGE_START.length)) === AGE_START;
    setFile({ name: picked.name, base64: toBase64(bytes), encrypted });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return setErrors({ file: t('Choose a Sower export file (.json or .age)') });
    if (file.encrypted && !passphrase) return setErrors({ passphrase: t('This file is encrypted: enter the passphrase it was made with.') });
    try {
      const result = await importExport.mutateAsync({ file: file.base64, ...(file.encrypted ? { passphrase } : {}) });
      const { created, skipped } = result;
      toast({
        title: t('Export imported'),
        description: t(
          '{contacts, plural, one {# contact} other {# contacts}}, {records, plural, one {# record} other {# records}} added; {left, plural, =0 {nothing left out} other {# left out}}.',
          {
            contacts: created.contacts,
            records: created.activities + created.followUps + created.prayerRequests + created.goals,
            left: skipped.teams + skipped.pushDevices + skipped.snoozes + skipped.teamRecords + skipped.otherContacts,
          },
        ),
        variant: 'success',
      });
      void invalidate('contact');
      setFile(null);
      setPassphrase('');
      setInputKey((key) => key + 1);
    } catch (failure) {
      const issues = fieldErrors(serverIssues(failure));
      setErrors(Object.keys(issues).length ? issues : { file: errorMessage(failure, t('Could not import the file. Please try again.')) });
    }
  }

  return (
    <form method="post" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium">
          {t('Sower export (.json or .age)')}
        </label>
        <input
          key={inputKey}
          id={inputId}
          name="file"
          type="file"
          accept=".json,.age,application/json"
          className={`file-input w-full ${errors.file ? 'file-input-error' : ''}`}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? `${inputId}-error` : undefined}
          onChange={(event) => void pick(event)}
        />
        {errors.file && (
          <p id={`${inputId}-error`} role="alert" className="text-sm text-error">
            {errors.file}
          </p>
        )}
      </div>
      {file?.encrypted && (
        <TextField
          name="passphrase"
          type="password"
          autoComplete="off"
          label={t('Passphrase of this file')}
          hint={t('The passphrase chosen when the file was downloaded.')}
          value={passphrase}
          error={errors.passphrase}
          onChange={(e) => {
            setPassphrase(e.target.value);
            setErrors({});
          }}
        />
      )}
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={!file || importExport.isPending}>
          {importExport.isPending ? t('Importing...') : t('Import')}
        </button>
      </div>
    </form>
  );
}
