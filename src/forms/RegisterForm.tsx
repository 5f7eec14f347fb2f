// The registration form: the server's username and email rules plus the form's own (name, password confirmation).
import { TRPCClientError } from '@trpc/client';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { emailSchema, usernameSchema } from '../../server/schemas/auth';
import { useAuth } from '../hooks/useAuth';
import { useToast } from '../hooks/useToast';
import { errorMessage, fieldErrors, serverIssues } from '../lib/errors';
import { focusFirstInvalid, TextField } from './TextField';

const passwordSchema = z.string().min(6, 'Password must be at least 6 characters');

const registerFormSchema = z
  .object({
    username: usernameSchema,
    name: z.string().trim().min(2, 'Name must be at least 2 characters'),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: passwordSchema,
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
    // Report a mismatch even while another field (the email, say) is still wrong.
    when: (payload) => {
      const values = payload.value as { password?: unknown; confirmPassword?: unknown };
      return passwordSchema.safeParse(values.password).success && passwordSchema.safeParse(values.confirmPassword).success;
    },
  });

const TOAST_DURATION = 4000;

export function RegisterForm({ onSuccess }: { onSuccess(): void }) {
  const { register } = useAuth();
  const { toast } = useToast();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = registerFormSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      setErrors(found);
      focusFirstInvalid(form, found);
      return;
    }

    setErrors({});
    setSubmitting(true);
    try {
      await register(parsed.data);
      toast({
        title: 'Registration successful!',
        description: 'Your account has been created. You can now log in.',
        variant: 'success',
        duration: TOAST_DURATION,
      });
      onSuccess();
    } catch (error) {
      // The server knows the name as firstName and lastName; the form shows it as one field.
      const { firstName, lastName, ...rest } = fieldErrors(serverIssues(error));
      const nameError = firstName ?? lastName;
      setErrors(nameError ? { ...rest, name: nameError } : rest);
      toast({
        title: 'Registration failed',
        description:
          error instanceof TRPCClientError
            ? errorMessage(error, 'Please check your information and try again.')
            : 'An unexpected error occurred. Please try again.',
        variant: 'destructive',
        duration: TOAST_DURATION,
      });
    } finally {
      setSubmitting(false);
    }
  }

  function clearErrorOf(event: FormEvent<HTMLFormElement>) {
    const { name } = event.target as HTMLInputElement;
    if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
  }

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit} onInput={clearErrorOf}>
      <TextField name="username" label="Username" placeholder="Choose a username" autoComplete="username" autoCapitalize="none" spellCheck={false} error={errors.username} />
      <TextField name="name" label="Full Name" placeholder="Enter your full name" autoComplete="name" error={errors.name} />
      <TextField name="email" label="Email" type="email" placeholder="Enter your email address" autoComplete="email" error={errors.email} />
      <TextField name="password" label="Password" type="password" placeholder="Choose a password" autoComplete="new-password" error={errors.password} />
      <TextField
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        placeholder="Confirm your password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
      <button type="submit" className="btn mt-2 w-full btn-primary" disabled={submitting}>
        {submitting && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
        {submitting ? 'Creating Account...' : 'Register'}
      </button>
    </form>
  );
}
