// Settings → Import a Sower export: a .json export, or an encrypted .age one with its passphrase, added to this account.
import { useId, useState, type ChangeEvent } from 'react';
import { z } from 'zod';
import { msg, t } from '../i18n';
import { fieldErrors } from '../lib/errors';
import { EXPORT_UPLOAD_MAX_BYTES, EXPORT_UPLOAD_MAX_MB } from '../../shared/schemas/account';
import { useInvalidate } from '../hooks/useInvalidate';
import { useToast } from '../hooks/useToast';
import { TextField } from '../forms/TextField';
import { useFormState } from '../forms/useFormState';

const AGE_START = 'age-encryption.org/v1\n';

interface Picked {
  file: File;
  encrypted: boolean;
}

/** The form's own rules: a file chosen, and the passphrase of an encrypted one (the server checks both again). */
const importRules = z
  .object({
    file: z.custom<Picked>((file) => file !== null, msg('Choose a Sower export file (.json or .age)')),
    passphrase: z.string(),
  })
  .refine(({ file, passphrase }) => !file?.encrypted || passphrase, {
    message: msg('This file is encrypted: enter the passphrase it was made with.'),
    path: ['passphrase'],
  });

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
  const { values, set, errors, setErrors, submit, submitting } = useFormState({ file: null as Picked | null, passphrase: '' });
  const { file } = values;
  const [inputKey, setInputKey] = useState(0);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    set('file', null);
    setErrors({});
    if (!picked) return;
    if (picked.size > EXPORT_UPLOAD_MAX_BYTES)
      return setErrors({ file: t('This file is larger than {max} MB, more than Sower can import at once.', { max: EXPORT_UPLOAD_MAX_MB }) });
    const start = new Uint8Array(await picked.slice(0, AGE_START.length).arrayBuffer());
    set('file', { file: picked, encrypted: new TextDecoder().decode(start) === AGE_START });
  }

  const onSubmit = submit(
    importRules,
    (v) => v,
    async ({ file, passphrase }) => {
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
        set('file', null);
        set('passphrase', '');
        setInputKey((key) => key + 1);
      } catch {
        setErrors({ file: t('Unable to connect to the server') });
      }
    },
  );

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
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
          value={values.passphrase}
          error={errors.passphrase}
          onChange={(e) => {
            set('passphrase', e.target.value);
            // Every message goes, the file's too: the server's answer to the last passphrase no longer holds.
            setErrors({});
          }}
        />
      )}
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={!file || submitting}>
          {submitting ? t('Importing...') : t('Import')}
        </button>
      </div>
    </form>
  );
}
