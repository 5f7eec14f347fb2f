// What the account's security log records (issue 33): the server writes these keys, the API answers them, and the
// Settings screen names each in the reader's language (src/components/SecurityLog.tsx).
export const securityEventKinds = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'password-changed',
  'email-changed',
  'session-ended',
  'other-sessions-ended',
  'export',
  /** A team's records exported by one of its admins (issue 51 §6), noted in every admin's log. */
  'team-export',
  'import',
  'two-factor-enabled',
  'two-factor-disabled',
  'recovery-code-used',
  'app-lock-set',
  'app-lock-removed',
  'app-lock-signed-out',
  'password-reset-requested',
  'password-reset',
] as const;
export type SecurityEventKind = (typeof securityEventKinds)[number];
