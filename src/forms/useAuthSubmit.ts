// The sign-in and registration forms' one submit flow: the form's own rules first (the first invalid field focused),
// then the server; the outcome told in a toast, the server's field errors shown beside their fields. The rules come in
// a chunk of their own (authSchemas.ts), asked for when the form first gets the focus and awaited when it is sent.
import { TRPCClientError } from '@trpc/client';
import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod/mini';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { errorMessage, fieldErrors, serverIssues } from '../lib/errors';
import { focusFirstInvalid } from './TextField';

const TOAST_DURATION = 4000;

interface Options<T> {
  send(values: T): Promise<unknown>;
  /** Whether what `send` resolved with ends the flow (a sign-in's first step may lead to a second): true unless said. */
  finished?(result: unknown): boolean;
  /** The success toast's texts, read once the flow is done: a sign-in may have switched to the account's language. */
  success(): { title: string; description?: string };
  /** The failure toast's title, and what it says when the server gave no message of its own. */
  failure: { title: string; fallback: string };
  /** The server's field errors renamed to the form's fields. */
  fieldsOf?: (errors: Record<string, string>) => Record<string, string>;
  /** A later outcome takes the place of the last failure's toast (sign-in: it must not stay over the dashboard). */
  replacesFailure?: boolean;
  onSuccess(): void;
}

export function useAuthSubmit<T>(loadSchema: () => Promise<z.ZodMiniType<T>>, options: Options<T>) {
  const { toast, dismiss } = useToast();
  const failureToast = useRef<string | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  // One send at a time, from the moment it is asked for: a second press while the rules load does nothing.
  const sending = useRef(false);

  const forgetFailure = () => {
    if (options.replacesFailure && failureToast.current) dismiss(failureToast.current);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    sending.current = true;
    try {
      const parsed = (await loadSchema()).safeParse(Object.fromEntries(new FormData(form)));
      if (!parsed.success) {
        const found = fieldErrors(parsed.error.issues);
        setErrors(found);
        focusFirstInvalid(form, found);
        return;
      }
      setErrors({});
      setSubmitting(true);
      const result = await options.send(parsed.data);
      forgetFailure();
      if (options.finished && !options.finished(result)) return;
      toast({ ...options.success(), variant: 'success', duration: TOAST_DURATION });
      options.onSuccess();
    } catch (error) {
      const found = fieldErrors(serverIssues(error));
      setErrors(options.fieldsOf ? options.fieldsOf(found) : found);
      forgetFailure();
      failureToast.current = toast({
        title: options.failure.title,
        description: error instanceof TRPCClientError ? errorMessage(error, options.failure.fallback) : t('An unexpected error occurred. Please try again.'),
        variant: 'destructive',
        duration: TOAST_DURATION,
      });
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  }

  /** Asks for the rules ahead of the send (the form's focus): the browser keeps the module once it has it. */
  function prepare() {
    loadSchema().catch(() => undefined);
  }

  /** A field's error goes as soon as the person types in it. */
  function clearErrorOf(event: FormEvent<HTMLFormElement>) {
    const { name } = event.target as HTMLInputElement;
    if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
  }

  // The form's handler returns nothing: handleSubmit catches every failure and tells it in a toast.
  return { errors, submitting, handleSubmit: (event: FormEvent<HTMLFormElement>) => void handleSubmit(event), clearErrorOf, prepare };
}
