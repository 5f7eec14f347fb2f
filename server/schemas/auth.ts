// Registration and login inputs, as the server checks them (SPEC §5 server-side schema).
import { z } from 'zod';
import { fmt, locales, msg } from '../../shared/i18n';
import { emailSchema, usernameSchema } from './authFields';

/** One of Sower's languages (shared/i18n.ts). */
export const languageSchema = z.enum(locales, { error: fmt('Language must be one of {languages}', { languages: locales.join(', ') }) });

export const registerInput = z.object({
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

export const loginInput = z.object({
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

export const languageInput = z.object({ language: languageSchema });
