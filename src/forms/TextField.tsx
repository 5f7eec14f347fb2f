// A labelled text input with its error message underneath, linked for screen readers (aria-describedby, aria-invalid).
import type { InputHTMLAttributes } from 'react';
import { Field } from './Field';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  name: string;
  label: string;
  error?: string;
  /** A line under the field saying what it means, read with it. */
  hint?: string;
}

export function TextField({ name, label, error, hint, className = '', ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          name={name}
          // Phone numbers and addresses read left to right in every language (issue 28); other text takes its own direction.
          dir={inputProps.type === 'tel' || inputProps.type === 'email' ? 'ltr' : 'auto'}
          className={`input w-full ${error ? 'input-error' : ''} ${className}`}
          {...inputProps}
        />
      )}
    </Field>
  );
}

/** Moves focus to the first field, in form order, that has an error, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(form: HTMLFormElement, errors: Record<string, string>) {
  const first = Array.from(form.elements).find((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name in errors);
  first?.focus();
}
