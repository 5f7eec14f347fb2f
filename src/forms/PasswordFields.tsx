// The account forms' password fields: the password asked again before a change that needs it, and a new password with
// its confirmation and the confirmation's rule (the form's own: the server never sees the confirmation).
import { msg, t } from '../i18n';
import { TextField } from './TextField';
import type { BoundField } from './useFormState';

const MISMATCH = msg("Passwords don't match");

/** The confirmation's message, for submit's fourth argument: said even while another field is still wrong. */
export const confirmationErrors = (password: string, confirmPassword: string): Record<string, string> =>
  password === confirmPassword ? {} : { confirmPassword: t(MISMATCH) };

/** The signed-in person's password, asked before a change only they may make ('Your password' unless named otherwise). */
export function CurrentPasswordField({ label, ...field }: BoundField & { label?: string }) {
  return <TextField type="password" label={label ?? t('Your password')} autoComplete="current-password" {...field} />;
}

/** A new password and the same again. */
export function NewPasswordFields({ password, confirmation }: { password: BoundField; confirmation: BoundField }) {
  return (
    <>
      <TextField type="password" label={t('New Password')} autoComplete="new-password" {...password} />
      <TextField type="password" label={t('Confirm New Password')} autoComplete="new-password" {...confirmation} />
    </>
  );
}
