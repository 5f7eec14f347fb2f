// Registration and login inputs, as the server checks them (SPEC §5 server-side schema).
import { z } from 'zod';
import { fmt, locales, msg } from '../i18n';
import { emailSchema, usernameSchema } from './authFields';

/** One of Sower's languages (shared/i18n.ts). */
export const languageSchema = z.enum(locales, { error: fmt('Language must be one of {languages}', { languages: locales.join(', ') }) });

export const registerInput = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: z
    .string({ error: msg('Password must be at least 8 characters') })
    .min(8, msg('Password must be at least 8 characters'))
    .max(200, msg('Password must be at most 200 characters')),
  firstName: z
    .string()
    .trim()
    .max(100, fmt('{label} must be at most {max} characters', { label: msg('First name'), max: 100 }))
    .default(''),
  lastName: z
    .string()
    .trim()
    .max(100, fmt('{label} must be at most {max} characters', { label: msg('Last name'), max: 100 }))
    .default(''),
  /** The language the visitor was reading when they registered; the account keeps it. */
  language: languageSchema.optional(),
});

export const loginInput = z.strictObject({
  username: z
    .string({ error: msg('Username is required') })
    .trim()
    .min(1, msg('Username is required'))
    .max(200),
  password: z
    .string({ error: msg('Password is required') })
    .min(1, msg('Password is required'))
    .max(200),
  /** A language the visitor chose on the sign-in page just now: the account takes it. */
  language: languageSchema.optional(),
});

export const languageInput = z.strictObject({ language: languageSchema });

/** An authenticator's code: six digits (spaces people type between them are dropped). */
export const totpCodeSchema = z
  .string({ error: msg('Enter the 6-digit code from your authenticator app') })
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, msg('Enter the 6-digit code from your authenticator app')));
/** A recovery code as it was shown (XXXXX-XXXXX), in any case, with or without the dash. */
export const recoveryCodeSchema = z
  .string({ error: msg('Enter one of your recovery codes') })
  .trim()
  .min(1, msg('Enter one of your recovery codes'))
  .max(40, msg('Enter one of your recovery codes'));

const ticketSchema = z.string().min(1).max(100);

/** The second step of a sign-in with two-factor sign-in on: the ticket the first step answered, and a code. */
export const loginTwoFactorInput = z
  .strictObject({ ticket: ticketSchema, code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .refine((input) => (input.code === undefined) !== (input.recoveryCode === undefined), {
    message: msg('Enter the 6-digit code from your authenticator app'),
    path: ['code'],
  });

/** "Forgot password?": a username or an email address, as the person remembers it. */
export const passwordResetRequestInput = z.strictObject({
  identifier: z
    .string({ error: msg('Enter your username or email') })
    .trim()
    .min(1, msg('Enter your username or email'))
    .max(254, msg('Enter your username or email')),
  /** The language the visitor reads the page in: the answer's words. */
  language: languageSchema.optional(),
});

export const RESET_LINK_REFUSED = msg(
  'This reset link does not work. It may have been used already, be more than an hour old, or have been replaced by a newer one. Ask for a new link on the sign-in page.',
);

const resetTokenSchema = z.string({ error: RESET_LINK_REFUSED }).min(1, RESET_LINK_REFUSED).max(100, RESET_LINK_REFUSED);

/** A reset link's token, to ask what the reset needs. */
export const resetLinkInput = z.strictObject(
  { token: resetTokenSchema },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : RESET_LINK_REFUSED) },
);

/** A reset: the link's token, the new password, and with two-factor sign-in on, a code or a recovery code. */
export const resetPasswordInput = z
  .strictObject({
    token: resetTokenSchema,
    password: registerInput.shape.password,
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((input) => input.code === undefined || input.recoveryCode === undefined, {
    message: msg('Enter the 6-digit code from your authenticator app'),
    path: ['code'],
  });
