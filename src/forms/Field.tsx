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
  const lines = [
    { key: 'hint', text: hint, className: 'text-xs text-base-content/75' },
    { key: 'error', text: error, className: 'text-sm text-error' },
    { key: 'status', text: status, className: 'text-sm text-base-content/75' },
  ].filter((line) => line.text);
  const describedBy = lines.map((line) => `${id}-${line.key}`).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {lines.map((line) => (
        <p key={line.key} id={`${id}-${line.key}`} className={line.className}>
          {line.text}
        </p>
      ))}
    </div>
  );
}
