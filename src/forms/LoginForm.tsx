// The sign-in form: the spec's minimums are checked before calling the server; the outcome is told in a toast. With
// two-factor sign-in on (issue 33), a right password leads to a second step asking for a code from the authenticator
// app or a recovery code; the session is made only then.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../hooks/useAuth';
import { t } from '../i18n';
import { SecondFactorField } from './SecondFactorField';
import { TextField } from './TextField';
import { useAuthForm, UsernameField, WideSubmit } from './authForm';
import type { Rules } from './useFormState';

/** The forms' own rules, in their own chunk (authSchemas.ts). */
const loginRules = () => import('./authSchemas').then((rules) => rules.loginFormSchema);
const totpRules = () => import('./authSchemas').then((rules) => rules.totpFormSchema);
const recoveryRules = () => import('./authSchemas').then((rules) => rules.recoveryFormSchema);
/** Asks for the rules ahead of the send (the form's focus): the browser keeps the module once it has it. */
const prepare = () => void loginRules().catch(() => undefined);

export function LoginForm({ onSuccess }: { onSuccess(): void }) {
  const [ticket, setTicket] = useState<string | null>(null);
  if (ticket) return <SecondStep ticket={ticket} onSuccess={onSuccess} onStartOver={() => setTicket(null)} />;
  return <PasswordStep onSuccess={onSuccess} onSecondStep={setTicket} />;
}

function PasswordStep({ onSuccess, onSecondStep }: { onSuccess(): void; onSecondStep(ticket: string): void }) {
  const { login } = useAuth();
  const { errors, submitting, submit, clearEdited, toasts, toInput } = useAuthForm({
    failure: { title: t('Login failed'), fallback: t('Please check your credentials and try again.') },
    replacesFailure: true,
  });
  const onSubmit = submit(loginRules, toInput, async ({ username, password }) => {
    const outcome = await login(username, password);
    toasts.settled();
    if ('ticket' in outcome) return onSecondStep(outcome.ticket);
    toasts.succeeded({ title: t('Login successful!') });
    onSuccess();
  });

  return (
    <form method="post" noValidate className="flex flex-col gap-4" onSubmit={onSubmit} onInput={clearEdited} onFocus={prepare}>
      <UsernameField placeholder={t('Enter your username')} error={errors.username} />
      <TextField
        name="password"
        label={t('Password')}
        type="password"
        placeholder={t('Enter your password')}
        autoComplete="current-password"
        error={errors.password}
      />
      <p className="-mt-2 text-end text-sm">
        <Link to="/forgot-password" className="link link-hover link-primary">
          {t('Forgot password?')}
        </Link>
      </p>
      <WideSubmit busy={submitting} label={t('Login')} busyLabel={t('Logging in...')} />
    </form>
  );
}

type Proof = { code: string } | { recoveryCode: string };

function SecondStep({ ticket, onSuccess, onStartOver }: { ticket: string; onSuccess(): void; onStartOver(): void }) {
  const { completeSignIn } = useAuth();
  const [recovery, setRecovery] = useState(false);
  const rules: () => Promise<Rules<Proof>> = recovery ? recoveryRules : totpRules;
  // The code's field takes the focus when the step appears and when it changes to a recovery code: the person asked.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.querySelector('input')?.focus(), [recovery]);
  const { errors, submitting, submit, clearEdited, toasts, toInput } = useAuthForm({
    failure: { title: t('Login failed'), fallback: t('Please check the code and try again.') },
    replacesFailure: true,
  });
  const onSubmit = submit(rules, toInput, async (proof) => {
    await completeSignIn(ticket, proof);
    toasts.succeeded({ title: t('Login successful!') });
    onSuccess();
  });

  return (
    <form method="post" noValidate className="flex flex-col gap-4" onSubmit={onSubmit} onInput={clearEdited} onFocus={prepare} ref={formRef}>
      <p className="text-sm">
        {recovery
          ? t('Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each works once.')
          : t('Enter the 6-digit code your authenticator app shows for Sower.')}
      </p>
      <SecondFactorField recovery={recovery} error={recovery ? errors.recoveryCode : errors.code} />
      <WideSubmit busy={submitting} label={t('Verify')} busyLabel={t('Verifying...')} />
      <div className="flex flex-wrap justify-between gap-2">
        <button type="button" className="btn btn-link btn-sm px-0" onClick={() => setRecovery((on) => !on)}>
          {recovery ? t('Use a code from the app instead') : t('Use a recovery code instead')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onStartOver}>
          {t('Start over')}
        </button>
      </div>
    </form>
  );
}
