// The other people of one activity (issue 50 §4): a Bible study with four friends is one activity. Each is a contact
// already, picked by name, in the first person's place (all personal, or all of one team), as the server requires.
import { useState } from 'react';
import { MAX_ACTIVITY_PEOPLE } from '../../shared/schemas/activities';
import { t } from '../i18n';
import { ContactCombobox, contactNamed, type ContactChoice } from './ContactCombobox';

interface OtherPeopleFieldProps {
  /** The people chosen so far, in the order they were added. */
  value: readonly ContactChoice[];
  onChange(people: ContactChoice[]): void;
  /** The contacts that may be added: the user's writable ones in the first person's place, the first person aside. */
  contacts: readonly ContactChoice[];
  error?: string;
}

export function OtherPeopleField({ value, onChange, contacts, error }: OtherPeopleFieldProps) {
  const [typed, setTyped] = useState('');
  const chosen = new Set(value.map((person) => person.id));
  const choices = contacts.filter((contact) => !chosen.has(contact.id));
  const full = value.length >= MAX_ACTIVITY_PEOPLE;

  function add(person: ContactChoice | undefined) {
    if (!person || chosen.has(person.id) || full) return;
    onChange([...value, person]);
    setTyped('');
  }

  return (
    <div className="flex flex-col gap-2">
      {!full && (
        <ContactCombobox
          name="otherPerson"
          label={t('Also there (optional)')}
          value={typed}
          error={error}
          contacts={choices}
          knownOnly
          onChange={(name, contact) => (contact ? add(contact) : setTyped(name))}
          placeholder={t('Add someone else who was there')}
        />
      )}
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('Also there')}>
          {value.map((person) => (
            <li key={person.id} className="badge h-auto min-h-8 max-w-full gap-1 badge-outline py-1 ps-3 pe-1">
              <span dir="auto" className="min-w-0 wrap-anywhere">
                {person.name}
              </span>
              <button
                type="button"
                className="btn btn-circle btn-ghost btn-xs"
                aria-label={t('Remove {name} from this activity', { name: person.name })}
                onClick={() => onChange(value.filter((other) => other.id !== person.id))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* A name typed in full as a contact's: added with this button, as a pick from the list adds it. */}
      {typed.trim() && contactNamed(choices, typed) && (
        <button type="button" className="btn self-start btn-sm" onClick={() => add(contactNamed(choices, typed))}>
          {t('Add {name}', { name: contactNamed(choices, typed)!.name })}
        </button>
      )}
    </div>
  );
}
