// What the sign-in page's forms (sign-in, its second step, registration) share on the form pattern: fields that keep their
// own values (a form sent before the script runs is posted as it is), the outcome told in a toast with the server's
// words when it gave some (a later outcome may take the place of the last failure's toast: sign-in's must not stay over
// the dashboard), the username field and the wide button.
import { TRPCClientError } from '@trpc/client';
import { useRef } from 'react';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { errorMessage } from '../lib/errors';
import { TextField } from './TextField';
import { formValues, useFormState } from './useFormState';

const TOAST_DURATION = 4000;

interface Options {
  /** The failure toast's title, and what it says when the server gave no message of its own. */
  failure: { title: string; fallback: string };
  replacesFailure?: boolean;
  /** Server fields shown under another of the form's fields (useFormState). */
  shownAs?: Record<string, string>;
}

/** The form's state (useFormState) with its toasts; `toInput` for its submit reads the fields as they stand. */
export function useAuthForm(options: Options) {
  const toasts = useAuthToasts(options);
  const form = useFormState({}, { shownAs: options.shownAs, failed: toasts.failed });
  return { ...form, toasts, toInput: (_: unknown, element: HTMLFormElement) => formValues(element) };
}

function useAuthToasts({ failure, replacesFailure = false }: Options) {
  const { toast, dismiss } = useToast();
  const failureToast = useRef<string | undefined>(undefined);

  /** An outcome came (a second step, a success, a failure): the last failure's toast goes, where it is replaced. */
  const settled = () => {
    if (replacesFailure && failureToast.current) dismiss(failureToast.current);
  };

  return {
    settled,
    /** The success toast; its texts are read when it shows (a sign-in may have switched to the account's language). */
    succeeded(text: { title: string; description?: string }) {
      settled();
      toast({ ...text, variant: 'success', duration: TOAST_DURATION });
    },
    failed(error: unknown) {
      settled();
      failureToast.current = toast({
        title: failure.title,
        description: error instanceof TRPCClientError ? errorMessage(error, failure.fallback) : t('An unexpected error occurred. Please try again.'),
        variant: 'destructive',
        duration: TOAST_DURATION,
      });
    },
  };
}

export function UsernameField({ placeholder, error }: { placeholder: string; error: string | undefined }) {
  return (
    <TextField name="username" label={t('Username')} placeholder={placeholder} autoComplete="username" autoCapitalize="none" spellCheck={false} error={error} />
  );
}

/** The form's one button, the card's width, with a spinner while it is sent. */
export function WideSubmit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="btn mt-2 w-full btn-primary" disabled={busy}>
      {busy && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}
