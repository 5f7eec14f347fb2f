// Registration and login inputs, as the server checks them (SPEC §5 server-side schema).
import { z } from 'zod';
import { emailSchema, usernameSchema } from './authFields';

/**
 * The form of a username that uniqueness and sign-in compare: compatibility-normalised (NFKC: fullwidth 'ＡＬＩＣＥ' is
 * 'ALICE') and case-folded for every script (upper then lower folds 'ß' with 'SS' and final 'ς' with 'σ', which a
 * lower-casing alone keeps apart).
 */
export function usernameKey(username: string) {
  return username.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

export const registerInput = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password must be at most 200 characters'),
  firstName: z.string().trim().max(100, 'First name must be at most 100 characters').default(''),
  lastName: z.string().trim().max(100, 'Last name must be at most 100 characters').default(''),
});

export const loginInput = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(200),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});

