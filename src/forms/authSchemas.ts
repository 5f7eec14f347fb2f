// The sign-in page's two forms' own rules, checked before calling the server. In a chunk of their own, with zod/mini and
// the shared username and email rules (about 15 kB gzipped): the page's first visit does without them, and a form
// asks for them when someone starts filling it in (its focus), so they are there by the time it is sent (useFormState
// awaits them).
import * as z from 'zod/mini';
import { emailSchema, usernameSchema } from '../../shared/schemas/authFields';
import { msg } from '../i18n';

const passwordSchema = z.string().check(z.minLength(6, msg('Password must be at least 6 characters')));

// The server only requires the fields be present; these minimums are the form's own rules (SPEC §5).
export const loginFormSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(3, msg('Username must be at least 3 characters'))),
  password: passwordSchema,
});

/** The second step of a sign-in: six digits from the authenticator app (spaces dropped), or a recovery code. */
export const totpFormSchema = z.object({
  code: z.string().check(
    z.overwrite((code) => code.replace(/\s/g, '')),
    z.regex(/^\d{6}$/, msg('Enter the 6-digit code from your authenticator app')),
  ),
});
export const recoveryFormSchema = z.object({
  recoveryCode: z.string().check(z.trim(), z.minLength(1, msg('Enter one of your recovery codes')), z.maxLength(40, msg('Enter one of your recovery codes'))),
});

export const registerFormSchema = z
  .object({
    username: usernameSchema,
    name: z.string().check(z.trim(), z.minLength(2, msg('Name must be at least 2 characters'))),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: passwordSchema,
  })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      message: msg("Passwords don't match"),
      path: ['confirmPassword'],
      // Report a mismatch even while another field (the email, say) is still wrong.
      when: (payload) => {
        const values = payload.value as { password?: unknown; confirmPassword?: unknown };
        return passwordSchema.safeParse(values.password).success && passwordSchema.safeParse(values.confirmPassword).success;
      },
    }),
  );
