// The registration form: the server's username and email rules plus the form's own (name, password confirmation).
import { useAuth } from '../hooks/useAuth';
import { t } from '../i18n';
import { TextField } from './TextField';
import { useAuthForm, UsernameField, WideSubmit } from './authForm';

/** The form's own rules, in their own chunk (authSchemas.ts). */
const registerRules = () => import('./authSchemas').then((rules) => rules.registerFormSchema);
/** Asks for the rules ahead of the send (the form's focus): the browser keeps the module once it has it. */
const prepare = () => void registerRules().catch(() => undefined);

export function RegisterForm({ onSuccess }: { onSuccess(): void }) {
  const { register } = useAuth();
  const { errors, submitting, submit, clearEdited, toasts, toInput } = useAuthForm({
    failure: { title: t('Registration failed'), fallback: t('Please check your information and try again.') },
    // The server knows the name as firstName and lastName; the form shows it as one field.
    shownAs: { firstName: 'name', lastName: 'name' },
  });
  const onSubmit = submit(registerRules, toInput, async (details) => {
    await register(details);
    toasts.succeeded({ title: t('Registration successful!'), description: t('Your account has been created. You can now log in.') });
    onSuccess();
  });

  return (
    <form method="post" noValidate className="flex flex-col gap-4" onSubmit={onSubmit} onInput={clearEdited} onFocus={prepare}>
      <UsernameField placeholder={t('Choose a username')} error={errors.username} />
      <TextField name="name" label={t('Full Name')} placeholder={t('Enter your full name')} autoComplete="name" error={errors.name} />
      <TextField name="email" label={t('Email')} type="email" placeholder={t('Enter your email address')} autoComplete="email" error={errors.email} />
      <TextField
        name="password"
        label={t('Password')}
        type="password"
        placeholder={t('Choose a password')}
        autoComplete="new-password"
        error={errors.password}
      />
      <TextField
        name="confirmPassword"
        label={t('Confirm Password')}
        type="password"
        placeholder={t('Confirm your password')}
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
      <WideSubmit busy={submitting} label={t('Register')} busyLabel={t('Creating Account...')} />
    </form>
  );
}
