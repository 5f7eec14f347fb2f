// A person's links to others on their page (issue 50): each named as this person sees it ("Discipled by Paul", "Parent
// of John"), opening the other person's page; whoever may change the contact links them to another person they can see,
// or removes a link. A circle of "discipled by" is refused by the server, in its own words.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../i18n';
import { shownText } from '../../shared/i18n';
import { relationshipKinds, relationshipLabels, type RelationshipKind } from '../../shared/vocabulary';
import { useWrite } from '../hooks/useWrite';
import { failure } from '../lib/messages';
import { trpc } from '../lib/trpc';

export function ContactRelationships({ contactId, name, changes }: { contactId: number; name: string; changes: boolean }) {
  const links = trpc.contacts.relationships.useQuery({ id: contactId });
  const names = trpc.contacts.names.useQuery(undefined, { enabled: changes });
  const utils = trpc.useUtils();
  const add = trpc.contacts.addRelationship.useMutation();
  const remove = trpc.contacts.removeRelationship.useMutation();
  const write = useWrite();
  const [kind, setKind] = useState<RelationshipKind>('friend');
  const [other, setOther] = useState('');
  const kindId = useId();
  const otherId = useId();
  const refresh = (answer: NonNullable<typeof links.data>) => utils.contacts.relationships.setData({ id: contactId }, answer);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!other) return;
    void write(() => add.mutateAsync({ id: contactId, contactId: Number(other), kind }), {
      kind: 'contact',
      done: t('Relationship added'),
      failed: failure.updateContact,
    })
      .then((answer) => {
        refresh(answer);
        setOther('');
      })
      .catch(() => undefined);
  };

  if (!changes && !links.data?.length) return null;
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold">{t('Relationships')}</h3>
        <Link to="/generations" className="link text-sm">
          {t('Generation tree')}
        </Link>
      </div>
      {links.data && links.data.length > 0 && (
        <ul className="mb-3 flex flex-col gap-1.5" aria-label={t('Relationships of {name}', { name })}>
          {links.data.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-base-content/75">{shownText(relationshipLabels[link.kind])}</span>
              <Link to={`/contacts/${link.contact.id}`} className="link font-medium" dir="auto">
                {link.contact.name}
              </Link>
              {changes && (
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  aria-label={t('Remove the link to {name}', { name: link.contact.name })}
                  onClick={() =>
                    void write(() => remove.mutateAsync({ id: contactId, relationshipId: link.id }), {
                      kind: 'contact',
                      done: t('Relationship removed'),
                      failed: failure.updateContact,
                    })
                      .then(refresh)
                      .catch(() => undefined)
                  }
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {changes && (
        <form method="post" noValidate className="flex flex-wrap items-end gap-2" onSubmit={submit}>
          <div className="flex flex-col gap-1">
            <label htmlFor={kindId} className="text-xs font-medium">
              {t('{name} is', { name })}
            </label>
            <select id={kindId} className="select select-sm w-44" value={kind} onChange={(e) => setKind(e.target.value as RelationshipKind)}>
              {relationshipKinds.map((value) => (
                <option key={value} value={value}>
                  {shownText(relationshipLabels[value])}
                </option>
              ))}
            </select>
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={otherId} className="text-xs font-medium">
              {t('Person')}
            </label>
            <select id={otherId} className="select select-sm w-52 max-w-full" value={other} onChange={(e) => setOther(e.target.value)}>
              <option value="">{t('Choose a person')}</option>
              {names.data
                ?.filter((person) => person.id !== contactId)
                .map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name}
                  </option>
                ))}
            </select>
          </div>
          <button type="submit" className="btn btn-sm btn-outline" disabled={!other}>
            {t('Link')}
          </button>
        </form>
      )}
    </div>
  );
}
