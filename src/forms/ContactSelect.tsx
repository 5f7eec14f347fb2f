// The contact a follow-up or a prayer request is about: one the user may write about, fixed once the record exists. A
// prayer request may be about no one person (issue 50 §5): its picker offers that as a choice of its own.
import { t } from '../i18n';
import { useWritableContactNames } from '../components/team-work/rights';
import { SelectField } from './Fields';

interface Props {
  value: string;
  /** The record's own contact when editing: always offered (it may be beyond the names loaded), and not changeable. */
  current?: { id: number; name: string };
  error?: string;
  /** Offers 'No one person' (value NO_CONTACT): a prayer for a city, a campus, an exam. */
  allowNone?: boolean;
  /** Fixed: the record exists (a record about no one person stays so, as one about a contact stays with it). */
  fixed?: boolean;
  onChange: (value: string) => void;
}

/** The picker's value for a record about no one person. */
export const NO_CONTACT = 'none';

export function ContactSelect({ value, current, error, allowNone = false, fixed = Boolean(current), onChange }: Props) {
  // Only contacts I may write records about (a viewer is not offered the team's): the record goes where its contact is.
  const contacts = useWritableContactNames();
  const options = [
    { value: '', label: t('Choose a contact') },
    ...(allowNone ? [{ value: NO_CONTACT, label: t('No one person (a place, a group, a need)') }] : []),
    ...(contacts.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    ...(current && !contacts.data?.some((c) => c.id === current.id) ? [{ value: String(current.id), label: current.name }] : []),
  ];
  return (
    <SelectField
      name="contactId"
      label={t('Contact')}
      value={value}
      options={options}
      disabled={fixed}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
