// Labelled select, textarea and checkbox fields with their error underneath (Field, as TextField), and a form's buttons.
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { t } from '../i18n';
import { Field } from './Field';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> {
  name: string;
  label: string;
  error?: string;
  /** The choices in order; those with a `group` are shown under its heading (an optgroup), the others before them. */
  options: readonly { value: string; label: string; group?: string }[];
}

const optionOf = (option: { value: string; label: string }) => (
  <option key={option.value} value={option.value}>
    {option.label}
  </option>
);

export function SelectField({ name, label, error, options, className = '', ...props }: SelectFieldProps) {
  const groups = [...new Set(options.flatMap((option) => (option.group === undefined ? [] : [option.group])))];
  return (
    <Field label={label} error={error}>
      {(control) => (
        <select {...control} name={name} className={`select w-full ${error ? 'select-error' : ''} ${className}`} {...props}>
          {options.filter((option) => option.group === undefined).map(optionOf)}
          {groups.map((group) => (
            <optgroup key={group} label={group}>
              {options.filter((option) => option.group === group).map(optionOf)}
            </optgroup>
          ))}
        </select>
      )}
    </Field>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> {
  name: string;
  label: string;
  error?: string;
}

export function TextAreaField({ name, label, error, className = '', ...props }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <textarea {...control} name={name} rows={3} dir="auto" className={`textarea w-full ${error ? 'textarea-error' : ''} ${className}`} {...props} />
      )}
    </Field>
  );
}

export function CheckboxField({ label, checked, onChange, name }: { label: string; checked: boolean; onChange(checked: boolean): void; name: string }) {
  return (
    <label className="flex cursor-pointer items-center gap-3 py-1 text-sm font-medium">
      <input type="checkbox" name={name} className="checkbox checkbox-primary checkbox-sm" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/** The buttons under a form: cancel, and submit with its busy label. */
export function FormActions({ busy, submitLabel, busyLabel, onCancel }: { busy: boolean; submitLabel: string; busyLabel: string; onCancel(): void }) {
  return (
    // Kept in view at the foot of a long dialog (the phone's bottom sheet scrolls under it), so saving never needs a scroll.
    <div className="modal-action sticky -bottom-5 z-10 -mx-5 mt-6 -mb-5 border-t border-base-300 bg-base-100 px-5 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        {t('Cancel')}
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}

/** A form's one button, at its end: for forms on a page rather than in a dialog (nothing to cancel). */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <div className="mt-5 flex justify-end">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

export function FieldGroup({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-4">{children}</div>;
}
