// The sign-in form: the spec's minimums are checked before calling the server; the outcome is told in a toast.
import { TRPCClientError } from '@trpc/client';
import { useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { useAuth } from '../hooks/useAuth';
import { useToast } from '../hooks/useToast';
import { errorMessage, fieldErrors, serverIssues } from '../lib/errors';
import { focusFirstInvalid, TextField } from './TextField';

// The server only requires the fields be present; these minimums are the form's own rules (SPEC §5).
const loginFormSchema = z.object({
  username: z.string().trim().min(3, 'Username must be at least 3 characters'),
  password: z.string().min(6, 'Password must be at least 6 characters'),
});

const TOAST_DURATION = 4000;

export function LoginForm({ onSuccess }: { onSuccess(): void }) {
  const { login } = useAuth();
  const { toast, dismiss } = useToast();
  // A failure's toast must not stay over the dashboard once a later attempt succeeds.
  const failureToast = useRef<string | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = loginFormSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      setErrors(found);
      focusFirstInvalid(form, found);
      return;
    }

    setErrors({});
    setSubmitting(true);
    try {
      await login(parsed.data.username, parsed.data.password);
      if (failureToast.current) dismiss(failureToast.current);
      toast({ title: 'Login successful!', variant: 'success', duration: TOAST_DURATION });
      onSuccess();
    } catch (error) {
      setErrors(fieldErrors(serverIssues(error)));
      if (failureToast.current) dismiss(failureToast.current);
      failureToast.current = toast({
        title: 'Login failed',
        description:
          error instanceof TRPCClientError
            ? errorMessage(error, 'Please check your credentials and try again.')
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
      <TextField name="username" label="Username" placeholder="Enter your username" autoComplete="username" autoCapitalize="none" spellCheck={false} error={errors.username} />
      <TextField name="password" label="Password" type="password" placeholder="Enter your password" autoComplete="current-password" error={errors.password} />
      <button type="submit" className="btn mt-2 w-full btn-primary" disabled={submitting}>
        {submitting && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
        {submitting ? 'Logging in...' : 'Login'}
      </button>
    </form>
  );
}
