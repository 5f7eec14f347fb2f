// A labelled text input with its error message underneath, linked for screen readers (aria-describedby, aria-invalid).
import { useId, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  name: string;
  label: string;
  error?: string;
  /** A line under the field saying what it means, read with it. */
  hint?: string;
}

export function TextField({ name, label, error, hint, className = '', ...inputProps }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        // Phone numbers and addresses read left to right in every language (issue 28); other text takes its own direction.
        dir={inputProps.type === 'tel' || inputProps.type === 'email' ? 'ltr' : 'auto'}
        className={`input w-full ${error ? 'input-error' : ''} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {hint && (
        <p id={hintId} className="text-xs text-base-content/75">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Moves focus to the first field, in form order, that has an error, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(form: HTMLFormElement, errors: Record<string, string>) {
  const first = Array.from(form.elements).find((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name in errors);
  first?.focus();
}
