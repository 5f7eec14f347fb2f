// The contact a follow-up or a prayer request is about: one the user may write about, fixed once the record exists.
import { t } from '../i18n';
import { useWritableContactNames } from '../components/team-work/rights';
import { SelectField } from './Fields';

interface Props {
  value: string;
  /** The record's own contact when editing: always offered (it may be beyond the names loaded), and not changeable. */
  current?: { id: number; name: string };
  error?: string;
  onChange: (value: string) => void;
}

export function ContactSelect({ value, current, error, onChange }: Props) {
  // Only contacts I may write records about (a viewer is not offered the team's): the record goes where its contact is.
  const contacts = useWritableContactNames();
  const options = [
    { value: '', label: t('Choose a contact') },
    ...(contacts.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    ...(current && !contacts.data?.some((c) => c.id === current.id) ? [{ value: String(current.id), label: current.name }] : []),
  ];
  return (
    <SelectField
      name="contactId"
      label={t('Contact')}
      value={value}
      options={options}
      disabled={Boolean(current)}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
