// A label over its control and the lines under it (a hint, the error, a status), each tied to the control for screen
// readers: the markup every labelled field shares.
import { useId, type ReactNode } from 'react';

/** What the control needs to be named by the label and described by the lines under it. */
export interface FieldControl {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: string;
  /** What the field means, read with it; under the control, above any error. */
  hint?: string;
  error?: string;
  /** What the value typed will do, after any error ('a new contact will be created'). */
  status?: string;
  className?: string;
  children(control: FieldControl): ReactNode;
}

export function Field({ label, hint, error, status, className = '', children }: FieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`, status && `${id}-status`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-base-content/75">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
      {status && (
        <p id={`${id}-status`} className="text-sm text-base-content/75">
          {status}
        </p>
      )}
    </div>
  );
}
