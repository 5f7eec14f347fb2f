// The second factor's field, as sign-in and a password reset ask for it: a code from the authenticator app, or one of
// the recovery codes.
import type { InputHTMLAttributes } from 'react';
import { t } from '../i18n';
import { TextField } from './TextField';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>;

export function SecondFactorField({ recovery, error, ...inputProps }: { recovery: boolean; error?: string } & InputProps) {
  return recovery ? (
    <TextField
      key="recoveryCode"
      name="recoveryCode"
      label={t('Recovery code')}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      error={error}
      {...inputProps}
    />
  ) : (
    <TextField
      key="code"
      name="code"
      label={t('Authentication code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={9}
      error={error}
      {...inputProps}
    />
  );
}
