// The registration form: the server's username and email rules plus the form's own (name, password confirmation).
import { useAuth } from '../hooks/useAuth';
import { t } from '../i18n';
import { TextField } from './TextField';
import { useAuthSubmit } from './useAuthSubmit';

/** The form's own rules, in their own chunk (authSchemas.ts). */
const registerRules = () => import('./authSchemas').then((rules) => rules.registerFormSchema);

export function RegisterForm({ onSuccess }: { onSuccess(): void }) {
  const { register } = useAuth();
  const { errors, submitting, handleSubmit, clearErrorOf, prepare } = useAuthSubmit(registerRules, {
    send: register,
    success: () => ({ title: t('Registration successful!'), description: t('Your account has been created. You can now log in.') }),
    failure: { title: t('Registration failed'), fallback: t('Please check your information and try again.') },
    // The server knows the name as firstName and lastName; the form shows it as one field.
    fieldsOf: ({ firstName, lastName, ...rest }) => {
      const nameError = firstName ?? lastName;
      return nameError ? { ...rest, name: nameError } : rest;
    },
    onSuccess,
  });

  return (
    <form method="post" noValidate className="flex flex-col gap-4" onSubmit={handleSubmit} onInput={clearErrorOf} onFocus={prepare}>
      <TextField
        name="username"
        label={t('Username')}
        placeholder={t('Choose a username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username}
      />
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
      <button type="submit" className="btn mt-2 w-full btn-primary" disabled={submitting}>
        {submitting && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
        {submitting ? t('Creating Account...') : t('Register')}
      </button>
    </form>
  );
}
