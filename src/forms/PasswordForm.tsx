// Settings: a new password, given the current one; every other session of the user is signed out.
import { useState } from 'react';
import { z } from 'zod';
import { changePasswordInput } from '../../shared/schemas/account';
import { useFailureToast } from '../hooks/useFailureToast';
import { useToast } from '../hooks/useToast';
import { msg, t } from '../i18n';
import { account } from '../lib/messages';
import { trpc } from '../lib/trpc';
import { FieldGroup, SubmitButton } from './Fields';
import { TextField } from './TextField';
import { useFormState } from './useFormState';

const passwordFormSchema = changePasswordInput.extend({ confirmPassword: z.string() }).refine((v) => v.newPassword === v.confirmPassword, {
  message: msg("Passwords don't match"),
  path: ['confirmPassword'],
  // Said even while another field (an empty current password, say) is still wrong.
  when: ({ value }) =>
    typeof (value as { newPassword?: unknown }).newPassword === 'string' && typeof (value as { confirmPassword?: unknown }).confirmPassword === 'string',
});

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  // A new key after each change empties the fields, so the passwords do not linger on screen.
  const [generation, setGeneration] = useState(0);
  return <PasswordFields key={generation} onChanged={() => setGeneration((g) => g + 1)} />;
}

function PasswordFields({ onChanged }: { onChanged(): void }) {
  const { toast } = useToast();
  const failed = useFailureToast();
  const change = trpc.account.changePassword.useMutation();
  const { values, set, errors, submit } = useFormState(EMPTY);

  const onSubmit = submit(
    passwordFormSchema,
    (v) => v,
    async ({ currentPassword, newPassword }) => {
      try {
        await change.mutateAsync({ currentPassword, newPassword });
      } catch (error) {
        // A wrong current password comes back as that field's issue; anything else (too many tries, offline) as a toast.
        failed(error, account.changePasswordFailed);
        throw error;
      }
      toast({ title: account.passwordChanged, description: account.passwordChangedDescription, variant: 'success' });
      onChanged();
    },
  );

  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <FieldGroup>
        <TextField
          name="currentPassword"
          type="password"
          label={t('Current Password')}
          autoComplete="current-password"
          value={values.currentPassword}
          error={errors.currentPassword}
          onChange={(e) => set('currentPassword', e.target.value)}
        />
        <TextField
          name="newPassword"
          type="password"
          label={t('New Password')}
          autoComplete="new-password"
          value={values.newPassword}
          error={errors.newPassword}
          onChange={(e) => set('newPassword', e.target.value)}
        />
        <TextField
          name="confirmPassword"
          type="password"
          label={t('Confirm New Password')}
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={(e) => set('confirmPassword', e.target.value)}
        />
      </FieldGroup>
      <SubmitButton busy={change.isPending} label={t('Change Password')} busyLabel={t('Changing...')} />
    </form>
  );
}
