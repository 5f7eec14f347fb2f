// Settings: the user's full name and email; a saved change shows in the user block at once, and a new address asks to be confirmed.
import { z } from 'zod';
import { EMAIL_NEEDS_PASSWORD, fullNameInput } from '../../shared/schemas/account';
import { emailSchema } from '../../shared/schemas/authFields';
import { EmailConfirmationNotice } from '../components/EmailConfirmation';
import { useAuth } from '../hooks/useAuth';
import { useFailureToast } from '../hooks/useFailureToast';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { issueText } from '../i18n/issues';
import { errorMessage, httpStatus } from '../lib/errors';
import { account } from '../lib/messages';
import { fullName } from '../lib/names';
import { trpc } from '../lib/trpc';
import { FieldGroup, SubmitButton } from './Fields';
import { CurrentPasswordField } from './PasswordFields';
import { TextField } from './TextField';
import { useFormState } from './useFormState';

// Both fields required here (the API also takes either alone), with the server's own rules for each.
const profileFormSchema = z.object({ name: fullNameInput, email: emailSchema, currentPassword: z.string() });

export function ProfileForm() {
  const { user, updateUser } = useAuth();
  const { toast } = useToast();
  const failed = useFailureToast();
  const update = trpc.account.updateProfile.useMutation();
  const { values, set, field, errors, setErrors, submit } = useFormState({ name: user ? fullName(user) : '', email: user?.email ?? '', currentPassword: '' });
  // A new email needs the current password (the server asks for it too), so the field shows only then.
  const emailChanged = values.email.trim().toLowerCase() !== (user?.email ?? '').toLowerCase();
  const passwordNeeded = (v: typeof values): Record<string, string> =>
    emailChanged && !v.currentPassword ? { currentPassword: issueText(EMAIL_NEEDS_PASSWORD) } : {};

  const onSubmit = submit(
    profileFormSchema,
    (v) => v,
    async ({ currentPassword, ...input }) => {
      try {
        updateUser(await update.mutateAsync(emailChanged ? { ...input, currentPassword } : input));
        set('currentPassword', '');
        toast({ title: account.profileUpdated, variant: 'success' });
      } catch (error) {
        // A taken email is about that field, so it is said there rather than in a toast.
        if (httpStatus(error) === 409) return setErrors({ email: errorMessage(error, t('Email already registered')) });
        failed(error, account.updateProfileFailed);
        throw error;
      }
    },
    passwordNeeded,
  );

  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <FieldGroup>
        <TextField
          name="name"
          label={t('Full Name')}
          autoComplete="name"
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <TextField
          name="email"
          type="email"
          label={t('Email')}
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={(e) => set('email', e.target.value)}
        />
        {/* About the saved address: while another is typed, it would be about the wrong one. */}
        {!emailChanged && <EmailConfirmationNotice />}
        {emailChanged && <CurrentPasswordField label={t('Current Password')} {...field('currentPassword')} />}
      </FieldGroup>
      <SubmitButton busy={update.isPending} label={t('Save Profile')} busyLabel={t('Saving...')} />
    </form>
  );
}
