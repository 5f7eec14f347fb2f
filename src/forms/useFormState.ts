// Form values, their field errors and the submit flow every form shares (docs/how-to/add-a-form.md).
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldErrors, serverIssues } from '../lib/errors';
import { focusFirstInvalid } from './TextField';

type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * A form's rules: a zod schema (zod or zod/mini), or a function that loads one from a chunk of its own (the sign-in
 * page's, authSchemas.ts), called when the form is sent and awaited before anything else.
 */
export type Rules<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } } };

/** Rules that take whatever the form holds: for a form whose only rules are the server's (the app lock's PIN). */
export const anyValues = <T>(): Rules<T> => ({ safeParse: (value) => ({ success: true, data: value as T }) });

/** What a text field takes from the form's state: its name, value and message, and the change that sets it. */
export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
}

/** The keys of the form's values that hold text. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

interface Options {
  /** Server fields shown under another of the form's fields (registration's one name field is firstName and lastName). */
  shownAs?: Record<string, string>;
  /** Told of whatever stopped a send once it began (its rules not loaded, the save refused or unanswered), after the fields' messages are set. */
  failed?(error: unknown): void;
}

/** A form's fields as they stand in its elements, for a form whose fields keep their own values (the sign-in page's). */
export const formValues = (form: HTMLFormElement) => Object.fromEntries(new FormData(form));

export function useFormState<V extends Record<string, unknown>>(initial: V, options: Options = {}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  // One send at a time, from the moment it is asked for: a second press while the rules load or the save runs does nothing.
  const sending = useRef(false);

  const clearError = (name: string) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _fixed, ...rest } = current;
      return rest;
    });

  // Changing a field clears its message: the user is fixing it, and the next submit checks again.
  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    clearError(key as string);
  };

  /** A text field bound to the value `key`, named by it so its error finds it: `<TextField label=… {...field('email')} />`. */
  const field = (key: TextKey<V>): BoundField => ({
    name: key,
    value: values[key] as string,
    error: errors[key],
    onChange: (event) => set(key, event.target.value as V[TextKey<V>]),
  });

  /** For a form whose fields keep their own values (`onInput`): the field typed in loses its message. */
  const clearEdited = (event: FormEvent<HTMLFormElement>) => clearError((event.target as HTMLInputElement).name);

  const serverErrors = (error: unknown) => {
    const found = fieldErrors(serverIssues(error));
    const { shownAs } = options;
    if (!shownAs) return found;
    const shown: Record<string, string> = {};
    for (const [field, message] of Object.entries(found)) shown[shownAs[field] ?? field] ??= message;
    return shown;
  };

  /**
   * Validates with `rules` (plus form-only `extraErrors`), shows the first message of each field, and when valid runs
   * `save`; a server validation answer lands under its fields too.
   */
  function submit<T>(
    rules: Rules<T> | (() => Promise<Rules<T>>),
    toInput: (values: V, form: HTMLFormElement) => unknown,
    save: (input: T) => Promise<unknown>,
    extraErrors: (values: V) => Record<string, string> = () => ({}),
  ) {
    // React ignores what an event handler returns, and a failed save is caught below: the handler returns nothing.
    const send = async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (sending.current) return;
      const form = event.currentTarget;
      sending.current = true;
      try {
        const schema = typeof rules === 'function' ? await rules() : rules;
        const parsed = schema.safeParse(toInput(values, form));
        const found = { ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...extraErrors(values) };
        setErrors(found);
        if (!parsed.success || Object.keys(found).length) {
          focusFirstInvalid(form, found);
          return;
        }
        setSubmitting(true);
        await save(parsed.data);
      } catch (error) {
        setErrors(serverErrors(error));
        options.failed?.(error);
      } finally {
        sending.current = false;
        setSubmitting(false);
      }
    };
    return (event: FormEvent<HTMLFormElement>) => void send(event);
  }

  return { values, set, field, errors, setErrors, submit, submitting, clearEdited };
}
