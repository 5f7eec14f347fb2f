// Settings: a new password, given the current one; every other session of the user is signed out.
import { useState } from 'react';
import { changePasswordInput } from '../../shared/schemas/account';
import { useFailureToast } from '../hooks/useFailureToast';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { account } from '../lib/messages';
import { trpc } from '../lib/trpc';
import { FieldGroup, SubmitButton } from './Fields';
import { confirmationErrors, CurrentPasswordField, NewPasswordFields } from './PasswordFields';
import { useFormState } from './useFormState';

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
  const { field, submit } = useFormState(EMPTY);

  const onSubmit = submit(
    changePasswordInput,
    ({ currentPassword, newPassword }) => ({ currentPassword, newPassword }),
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
    (v) => confirmationErrors(v.newPassword, v.confirmPassword),
  );

  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <FieldGroup>
        <CurrentPasswordField label={t('Current Password')} {...field('currentPassword')} />
        <NewPasswordFields password={field('newPassword')} confirmation={field('confirmPassword')} />
      </FieldGroup>
      <SubmitButton busy={change.isPending} label={t('Change Password')} busyLabel={t('Changing...')} />
    </form>
  );
}
