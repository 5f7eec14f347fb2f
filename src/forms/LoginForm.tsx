// The sign-in form: the spec's minimums are checked before calling the server; the outcome is told in a toast.
import { useAuth } from '../hooks/useAuth';
import { t } from '../i18n';
import { TextField } from './TextField';
import { useAuthSubmit } from './useAuthSubmit';

/** The form's own rules, in their own chunk (authSchemas.ts). */
const loginRules = () => import('./authSchemas').then((rules) => rules.loginFormSchema);

export function LoginForm({ onSuccess }: { onSuccess(): void }) {
  const { login } = useAuth();
  const { errors, submitting, handleSubmit, clearErrorOf, prepare } = useAuthSubmit(loginRules, {
    send: (values) => login(values.username, values.password),
    success: { title: t('Login successful!') },
    failure: { title: t('Login failed'), fallback: t('Please check your credentials and try again.') },
    replacesFailure: true,
    onSuccess,
  });

  return (
    <form method="post" noValidate className="flex flex-col gap-4" onSubmit={handleSubmit} onInput={clearErrorOf} onFocus={prepare}>
      <TextField
        name="username"
        label={t('Username')}
        placeholder={t('Enter your username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username}
      />
      <TextField
        name="password"
        label={t('Password')}
        type="password"
        placeholder={t('Enter your password')}
        autoComplete="current-password"
        error={errors.password}
      />
      <button type="submit" className="btn mt-2 w-full btn-primary" disabled={submitting}>
        {submitting && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
        {submitting ? t('Logging in...') : t('Login')}
      </button>
    </form>
  );
}
