// The contact of an activity: type a name or pick one of your contacts from the list under the field (an ARIA 1.2
// combobox: arrow keys, Enter, Escape), and see before saving whether the name is someone you know or a new contact.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { foldText } from '../../shared/fold';
import { sameFolded } from '../lib/foldedMatch';
import { contactPicker } from '../lib/messages';
import { Field } from './Field';

export interface ContactChoice {
  id: number;
  name: string;
}

interface ContactComboboxProps {
  name: string;
  label: string;
  value: string;
  error?: string;
  contacts: readonly ContactChoice[];
  /** The name typed, and the contact it is (picked from the list, or typed exactly as a contact is named), if any. */
  onChange(name: string, contact: ContactChoice | undefined): void;
  /** The contact the record had when the form opened: changing the name does not rename them. */
  original?: ContactChoice;
  /** No list to check a typed name against (offline, never loaded here): say so instead of promising a new contact. */
  cannotCheck?: boolean;
  placeholder?: string;
  /** Only a known contact may be chosen (an activity's other people): a name that is none says so, never 'new contact'. */
  knownOnly?: boolean;
}

const MAX_SHOWN = 8;

/** The match on create: the same name, case, accents, spaces and Arabic letter forms aside (shared/fold.ts), as the server matches it. */
export const sameName = sameFolded;

/** The contact a typed name is: one named the same (folded), the one spelled exactly so first; undefined for none. */
export function contactNamed(contacts: readonly ContactChoice[], typed: string): ContactChoice | undefined {
  const key = foldText(typed);
  if (!key) return undefined;
  const same = contacts.filter((contact) => foldText(contact.name) === key);
  return same.find((contact) => contact.name.trim() === typed.trim()) ?? same[0];
}

/** What the line under the field says about the name typed: whose activity it is, or that it is someone new. */
function hintFor(value: string, known: ContactChoice | undefined, original: ContactChoice | undefined, cannotCheck: boolean | undefined) {
  const typed = value.trim();
  if (typed === '') return undefined;
  // Written otherwise than the contact's name ('Lucia Fernandez' for 'Lucía Fernández'): say whose activity it becomes.
  if (known) return known.name.trim() === typed ? undefined : contactPicker.existingContact(known.name);
  if (cannotCheck) return contactPicker.cannotCheckOffline;
  return original && !sameName(original.name, value) ? contactPicker.newContactInstead(typed, original.name) : contactPicker.newContact(typed);
}

export function ContactCombobox({ name, label, value, error, contacts, onChange, original, cannotCheck, placeholder, knownOnly }: ContactComboboxProps) {
  const listId = `${useId()}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // A press elsewhere (the Save button, the date) moves the focus at its start; the list, which sits in the flow, closes
  // only once that press has ended, or the button would move from under the finger before its click lands.
  const pressing = useRef(false);
  useEffect(() => {
    const down = () => (pressing.current = true);
    const up = () => (pressing.current = false);
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('click', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('click', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, []);
  function closeOnBlur() {
    if (!pressing.current) return setOpen(false);
    const close = () => {
      document.removeEventListener('click', close, true);
      document.removeEventListener('pointercancel', close, true);
      // After the click's own handlers have run.
      setTimeout(() => setOpen(false));
    };
    document.addEventListener('click', close, true);
    document.addEventListener('pointercancel', close, true);
  }

  const typed = foldText(value);
  // Each name folded once per list, not per keystroke: the suggestions match 'ramon' to 'Ramón' as the server does.
  const folded = useMemo(() => contacts.map((contact) => ({ contact, key: foldText(contact.name) })), [contacts]);
  const options = useMemo(() => {
    const found = typed ? folded.filter(({ key }) => key.includes(typed)).map(({ contact }) => contact) : contacts;
    return found.slice(0, MAX_SHOWN);
  }, [contacts, folded, typed]);
  const known = useMemo(() => contactNamed(contacts, value), [contacts, value]);
  const expanded = open && options.length > 0;

  function choose(contact: ContactChoice) {
    onChange(contact.name, contact);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (options.length === 0 ? -1 : (index + step + options.length) % options.length));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only, not the dialog around the form.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const hint = knownOnly ? (value.trim() && !known ? contactPicker.pickAContact : undefined) : hintFor(value, known, original, cannotCheck);

  return (
    <Field label={label} error={error} status={hint} className="relative">
      {(control) => (
        <>
          <input
            {...control}
            name={name}
            type="text"
            role="combobox"
            dir="auto"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            className={`input w-full ${error ? 'input-error' : ''}`}
            placeholder={placeholder}
            value={value}
            onChange={(event) => {
              onChange(event.target.value, undefined);
              setOpen(true);
              setActive(-1);
            }}
            onClick={() => setOpen(true)}
            // After a click on an option has landed (mousedown on the list keeps the focus here).
            onBlur={closeOnBlur}
            onKeyDown={onKeyDown}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={contactPicker.listLabel}
            hidden={!expanded}
            // In the flow under the field, so it pushes the next fields down instead of covering them (the date on a phone:
            // issue 28), and short enough to leave them in sight.
            className="max-h-48 w-full overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-sm"
            onMouseDown={(event) => event.preventDefault()}
          >
            {options.map((contact, index) => (
              // The combobox pattern: the keys act on the input, which points here with aria-activedescendant.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- see above
              <li
                key={contact.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                dir="auto"
                className={`cursor-pointer truncate rounded-field px-3 py-2.5 text-sm ${index === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'}`}
                onClick={() => choose(contact)}
              >
                {contact.name}
              </li>
            ))}
          </ul>
        </>
      )}
    </Field>
  );
}
