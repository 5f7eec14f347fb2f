// Settings → Export: everything as JSON encrypted with a passphrase chosen now (an age file, decision 033), downloaded by
// POST, of the records chosen above it (DataExport).
import { z } from 'zod';
import { msg, t } from '../i18n';
import { encryptedExportInput, PASSPHRASE_MIN, type ExportScope } from '../../shared/schemas/account';
import { fieldErrors } from '../lib/errors';
import { useToast } from '../hooks/useToast';
import { FieldGroup, SubmitButton } from '../forms/Fields';
import { TextField } from '../forms/TextField';
import { useFormState } from '../forms/useFormState';
import { saveFile } from '../lib/saveFile';

const schema = encryptedExportInput
  .extend({ repeat: z.string() })
  .refine((v) => v.passphrase === v.repeat, { message: msg("Passphrases don't match"), path: ['repeat'] });

/** The file's name from the answer's Content-Disposition, else the export's. */
const fileNameOf = (res: Response) => /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'sower-export.json.age';

export function EncryptedExport({ scope }: { scope: ExportScope }) {
  const { toast } = useToast();
  const { values, set, errors, setErrors, submit, submitting } = useFormState({ passphrase: '', repeat: '' });
  const onSubmit = submit(
    schema,
    (v) => v,
    async ({ passphrase }) => {
      try {
        // A POST, so the passphrase travels in the body: never in an address, a history or a server's log.
        const res = await fetch('/api/account/export/encrypted', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ passphrase, scope }),
        });
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { message?: string; issues?: { path: string; message: string }[] } | null;
          if (body?.issues?.length) return setErrors(fieldErrors(body.issues));
          toast({ title: t('Error'), description: body?.message ?? t('Could not make the encrypted file. Please try again.'), variant: 'destructive' });
          return;
        }
        saveFile(await res.blob(), fileNameOf(res));
        set('passphrase', '');
        set('repeat', '');
        toast({ title: t('Encrypted export downloaded'), variant: 'success' });
      } catch {
        toast({ title: t('Error'), description: t('Unable to connect to the server'), variant: 'destructive' });
      }
    },
  );
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="mt-4 rounded-field border border-base-300 p-4" aria-labelledby="encrypted-export-title">
      <h3 id="encrypted-export-title" className="text-sm font-semibold">
        {t('All my data (JSON), encrypted')}
      </h3>
      <p className="mt-1 text-xs text-base-content/70">
        {t(
          'The file is locked with a passphrase you choose now (the age format, which other apps can open). Without the passphrase nobody can open it, Sower included: keep it somewhere safe.',
        )}
      </p>
      <div className="mt-3">
        <FieldGroup>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="passphrase"
              type="password"
              autoComplete="new-password"
              label={t('Passphrase (at least {min} characters)', { min: PASSPHRASE_MIN })}
              value={values.passphrase}
              error={errors.passphrase}
              onChange={(e) => set('passphrase', e.target.value)}
            />
            <TextField
              name="repeat"
              type="password"
              autoComplete="new-password"
              label={t('Repeat the passphrase')}
              value={values.repeat}
              error={errors.repeat}
              onChange={(e) => set('repeat', e.target.value)}
            />
          </div>
        </FieldGroup>
      </div>
      <SubmitButton busy={submitting} label={t('Download encrypted')} busyLabel={t('Encrypting...')} />
    </form>
  );
}
