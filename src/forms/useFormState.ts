// Form values, their field errors and the submit flow every entity form shares.
import { useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { fieldErrors, serverIssues } from '../lib/errors';
import { focusFirstInvalid } from './TextField';

export function useFormState<V extends Record<string, unknown>>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Changing a field clears its message: the user is fixing it, and the next submit checks again.
  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key as string]: _fixed, ...rest } = current;
      return rest;
    });
  };

  /**
   * Validates with `schema` (plus form-only `extraErrors`), shows the first message of each field, and when
   * valid runs `save`; a server validation answer lands under its fields too.
   */
  function submit<T>(
    schema: ZodType<T>,
    toInput: (values: V) => unknown,
    save: (input: T) => Promise<unknown>,
    extraErrors: (values: V) => Record<string, string> = () => ({}),
  ) {
    // React ignores what an event handler returns, and a failed save is caught below: the handler returns nothing.
    const send = async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const parsed = schema.safeParse(toInput(values));
      const found = { ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...extraErrors(values) };
      setErrors(found);
      if (!parsed.success || Object.keys(found).length) {
        focusFirstInvalid(form, found);
        return;
      }
      try {
        await save(parsed.data);
      } catch (error) {
        setErrors(fieldErrors(serverIssues(error)));
      }
    };
    return (event: FormEvent<HTMLFormElement>) => void send(event);
  }

  return { values, set, errors, setErrors, submit };
}
