// Account inputs: profile, email confirmation, password change, import of contacts, deleting the account.
import { z } from 'zod';
import { fmt, msg } from '../i18n';
import { importFormats } from '../vocabulary';
import { registerInput } from './auth';
import { emailSchema } from './authFields';

/** A first or last name; `label` is a marked text (msg('First name')). */
const namePart = (label: string) =>
  z
    .string()
    .trim()
    .max(100, fmt('{label} must be at most {max} characters', { label, max: 100 }));

/** A full name as registration stores it: the first word is the first name, the rest the last name. */
function splitName(name: string) {
  const [firstName = '', ...rest] = name.trim().split(/\s+/).filter(Boolean);
  return { firstName, lastName: rest.join(' ') };
}

/** A full name, with the registration form's rule (SPEC §5): the profile form and the API share it. */
export const fullNameInput = z.string().trim().min(2, msg('Name must be at least 2 characters')).max(200, msg('Name must be at most 200 characters'));

export const EMAIL_NEEDS_PASSWORD = msg('Enter your current password to change your email');

/**
 * Fields left out stay as they are; `name` (one field, like the registration form) sets first and last name. A new
 * email needs the current password (ASVS 7.5.1), so an open session cannot move the account to another address.
 */
export const profileUpdateInput = z
  .strictObject({
    name: fullNameInput.optional(),
    firstName: namePart(msg('First name')).optional(),
    lastName: namePart(msg('Last name')).optional(),
    email: z.optional(emailSchema),
    currentPassword: z.string().max(200).optional(),
  })
  .transform(({ name, ...rest }) => (name === undefined ? rest : { ...rest, ...splitName(name) }));

/** The one answer to a confirmation link that does not work, whatever the reason (used, expired, replaced, wrong, malformed). */
export const CONFIRMATION_LINK_REFUSED = msg(
  'This confirmation link does not work. It may have been used already, be more than 24 hours old, or have been replaced by a newer one. Sign in and ask for a new link in Settings.',
);

/** The token of an email-confirmation link; anything else is refused with the same words as a token that matches nothing. */
export const confirmEmailInput = z.strictObject(
  { token: z.string({ error: CONFIRMATION_LINK_REFUSED }).min(1, CONFIRMATION_LINK_REFUSED).max(100, CONFIRMATION_LINK_REFUSED) },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : CONFIRMATION_LINK_REFUSED) },
);

export const changePasswordInput = z.strictObject({
  currentPassword: z
    .string({ error: msg('Current password is required') })
    .min(1, msg('Current password is required'))
    .max(200),
  newPassword: registerInput.shape.password,
});

export const deleteAccountInput = z.strictObject({
  password: z
    .string({ error: msg('Password is required') })
    .min(1, msg('Password is required'))
    .max(200),
});

/** About 1 MB of text: what the HTTP body limit lets through. */
export const IMPORT_MAX_CHARS = 1_000_000;

export const importInput = z.strictObject({
  format: z.enum(importFormats, { error: msg('Format must be csv or vcard') }),
  text: z
    .string({ error: msg('The file is empty') })
    .max(IMPORT_MAX_CHARS, msg('The file must be at most 1 MB'))
    .refine((text) => text.trim() !== '', msg('The file is empty')),
});

/** An encrypted export's passphrase (decision 033): long enough to resist guessing at scrypt's pace, short enough to bound the work. */
export const PASSPHRASE_MIN = 12;
export const PASSPHRASE_MAX = 1024;
const PASSPHRASE_TOO_SHORT = fmt('The passphrase must be at least {min} characters', { min: PASSPHRASE_MIN });
export const passphraseSchema = z
  .string({ error: PASSPHRASE_TOO_SHORT })
  .min(PASSPHRASE_MIN, PASSPHRASE_TOO_SHORT)
  .max(PASSPHRASE_MAX, fmt('The passphrase must be at most {max} characters', { max: PASSPHRASE_MAX }));

/** What an export holds (issue 48): the rows the user created (the default, as before), or every row they may read. */
export const exportScopes = ['created', 'visible'] as const;
export type ExportScope = (typeof exportScopes)[number];
const exportScope = z.enum(exportScopes, { error: fmt('Scope must be one of {scopes}', { scopes: exportScopes.join(', ') }) }).optional();
export const exportInput = z.object({ scope: exportScope }).optional();

export const encryptedExportInput = z.strictObject({ passphrase: passphraseSchema, scope: exportScope });

/** A Sower export file as base64 (it may be binary): what the 1 MB body limit lets through, about 750 KB of file. */
export const EXPORT_IMPORT_MAX_CHARS = 1_400_000;
export const NOT_AN_EXPORT = msg('Choose a Sower export file (.json or .age)');

/**
 * The most a Sower export sent as a request's own body may be (POST /api/account/import/export with a file's type): a
 * heavy account's (5,000 contacts, 20,000 activities, 10,000 follow-ups) is 11.5 MB.
 */
export const EXPORT_UPLOAD_MAX_MB = 64;
export const EXPORT_UPLOAD_MAX_BYTES = EXPORT_UPLOAD_MAX_MB * 1_000_000;

/**
 * A Sower export to import, plain JSON or age-encrypted (then with its passphrase; a short one cannot have made it): as
 * base64 in a JSON request (over tRPC too), or with the file as the request's body (REST).
 */
export const exportImportInput = z.strictObject({
  file: z
    .string({ error: NOT_AN_EXPORT })
    .min(1, NOT_AN_EXPORT)
    .max(EXPORT_IMPORT_MAX_CHARS, msg('The file must be at most 1 MB'))
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, NOT_AN_EXPORT)
    .optional(),
  passphrase: z
    .string()
    .max(PASSPHRASE_MAX, fmt('The passphrase must be at most {max} characters', { max: PASSPHRASE_MAX }))
    .optional(),
});

/** The account's password, asked again before a security change (two-factor sign-in, the app lock): checked by the server. */
export const currentPasswordField = z
  .string({ error: msg('Password is required') })
  .min(1, msg('Password is required'))
  .max(200);

/** The app lock's PIN (issue 33). */
export const pinSchema = z.string({ error: msg('The PIN must be 4 to 8 digits') }).regex(/^\d{4,8}$/, msg('The PIN must be 4 to 8 digits'));

/** What turning two-factor sign-in off takes besides the password: a code from the app or a recovery code. */
export const codeOrRecoveryCode = z
  .string({ error: msg('Enter a code from your authenticator app or a recovery code') })
  .trim()
  .min(1, msg('Enter a code from your authenticator app or a recovery code'))
  .max(40, msg('Enter a code from your authenticator app or a recovery code'));
