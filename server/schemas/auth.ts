// Registration and login inputs, as the server checks them (SPEC §5 server-side schema).
import { z } from 'zod';
import { LIMITS } from './common';

export const usernameSchema = z
  .string({ error: 'Username must be at least 3 characters' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters')
  .regex(/^[\p{L}\p{N}._-]+$/u, 'Username may only contain letters, numbers, dots, dashes and underscores');

export const emailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(LIMITS.email, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

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

export type RegisterInput = z.infer<typeof registerInput>;
