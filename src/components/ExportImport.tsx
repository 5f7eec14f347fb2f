// Settings → Import a Sower export: a .json export, or an encrypted .age one with its passphrase, added to this account.
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { t } from '../i18n';
import { fieldErrors } from '../lib/errors';
import { EXPORT_UPLOAD_MAX_BYTES, EXPORT_UPLOAD_MAX_MB } from '../../shared/schemas/account';
import { useInvalidate } from '../hooks/useInvalidate';
import { useToast } from '../hooks/useToast';
import { TextField } from '../forms/TextField';

const AGE_START = 'age-encryption.org/v1\n';

interface Picked {
  file: File;
  encrypted: boolean;
}

/** What the server answers an import, or why it refused it. */
type Answer = {
  created?: { contacts: number; activities: number; followUps: number; prayerRequests: number; goals: number };
  skipped?: { teams: number; pushDevices: number; snoozes: number; teamRecords: number; otherContacts: number };
  message?: string;
  issues?: { path: string; message: string }[];
};

export function ExportImport() {
  const inputId = useId();
  const { toast } = useToast();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<Picked | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [inputKey, setInputKey] = useState(0);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    setFile(null);
    setErrors({});
    if (!picked) return;
    if (picked.size > EXPORT_UPLOAD_MAX_BYTES)
      return setErrors({ file: t('This file is larger than {max} MB, more than Sower can import at once.', { max: EXPORT_UPLOAD_MAX_MB }) });
    const start = new Uint8Array(await picked.slice(0, AGE_START.length).arrayBuffer());
    setFile({ file: picked, encrypted: new TextDecoder().decode(start) === AGE_START });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return setErrors({ file: t('Choose a Sower export file (.json or .age)') });
    if (file.encrypted && !passphrase) return setErrors({ passphrase: t('This file is encrypted: enter the passphrase it was made with.') });
    setBusy(true);
    try {
      // The file itself is the body, sent as it is read (any size Sower writes); the passphrase in a header, never in
      // the address.
      const res = await fetch('/api/account/import/export', {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream', ...(file.encrypted ? { 'Sower-Passphrase': encodeURIComponent(passphrase) } : {}) },
        body: file.file,
      });
      const answer = (await res.json().catch(() => null)) as Answer | null;
      if (!res.ok || !answer?.created || !answer.skipped) {
        const issues = fieldErrors(answer?.issues ?? []);
        return setErrors(Object.keys(issues).length ? issues : { file: answer?.message ?? t('Could not import the file. Please try again.') });
      }
      const { created, skipped } = answer;
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
    } catch {
      setErrors({ file: t('Unable to connect to the server') });
    } finally {
      setBusy(false);
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
        <button type="submit" className="btn btn-primary" disabled={!file || busy}>
          {busy ? t('Importing...') : t('Import')}
        </button>
      </div>
    </form>
  );
}
