// A contact's tags and how the user met them (issue 50), on their page: each tag opens the contacts carrying it; whoever
// may change the contact adds a tag by name (made on the fly, or one they have) and removes one, and says how they met.
// A reader sees their team's tags and their own personal ones only.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../i18n';
import { shownText } from '../../shared/i18n';
import { seededSources } from '../../shared/vocabulary';
import { useWrite } from '../hooks/useWrite';
import { failure } from '../lib/messages';
import { trpc } from '../lib/trpc';
import { tagChipClass } from './tagColors';

interface Props {
  contact: { id: number; name: string; tags: string[]; source: string | null };
  changes: boolean;
}

export function ContactTags({ contact, changes }: Props) {
  const update = trpc.contacts.update.useMutation();
  const write = useWrite();
  const known = trpc.tags.list.useQuery();
  const used = trpc.tags.sources.useQuery(undefined, { enabled: changes });
  const [draft, setDraft] = useState('');
  const [source, setSource] = useState(contact.source ?? '');
  const tagsList = useId();
  const sourcesList = useId();
  const sourceId = useId();
  const colourOf = (name: string) => known.data?.find((tag) => tag.name === name)?.color ?? null;

  const save = (change: { tags?: string[]; source?: string }, done: string) =>
    write(() => update.mutateAsync({ id: contact.id, ...change }), { kind: 'contact', done, failed: failure.updateContact });

  const add = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.trim();
    if (!name) return;
    void save({ tags: [...contact.tags, name] }, t('Tag added: {tag}', { tag: name }))
      .then(() => setDraft(''))
      .catch(() => undefined);
  };

  const sources = [...new Set([...seededSources.map(shownText), ...(used.data ?? [])])];
  if (!changes && contact.tags.length === 0 && !contact.source) return null;
  return (
    <div className="flex flex-col gap-3">
      {(contact.tags.length > 0 || changes) && (
        <ul className="flex flex-wrap items-center gap-2" aria-label={t('Tags of {name}', { name: contact.name })}>
          {contact.tags.map((tag) => (
            <li key={tag} className={`badge h-auto min-h-7 gap-1 py-1 ${tagChipClass(colourOf(tag))}`}>
              <Link to={`/contacts?tag=${encodeURIComponent(tag)}`} className="link-hover" dir="auto">
                {tag}
              </Link>
              {changes && (
                <button
                  type="button"
                  className="btn btn-ghost btn-xs h-6 min-h-6 w-6 p-0"
                  aria-label={t('Remove tag {tag}', { tag })}
                  onClick={() => void save({ tags: contact.tags.filter((other) => other !== tag) }, t('Tag removed: {tag}', { tag })).catch(() => undefined)}
                >
                  ×
                </button>
              )}
            </li>
          ))}
          {changes && (
            <li>
              <form method="post" noValidate className="join" onSubmit={add}>
                <input
                  className="input input-sm join-item w-36"
                  list={tagsList}
                  value={draft}
                  maxLength={40}
                  onChange={(e) => setDraft(e.target.value)}
                  aria-label={t('Add a tag')}
                  placeholder={t('Add a tag')}
                />
                <button type="submit" className="btn btn-sm join-item">
                  {t('Add')}
                </button>
                <datalist id={tagsList}>
                  {known.data
                    ?.filter((tag) => !contact.tags.includes(tag.name))
                    .map((tag) => (
                      <option key={tag.id} value={tag.name} />
                    ))}
                </datalist>
              </form>
            </li>
          )}
        </ul>
      )}
      {changes ? (
        <form
          method="post"
          noValidate
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void save({ source }, t('Saved: how we met')).catch(() => undefined);
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={sourceId} className="text-sm font-medium">
              {t('How we met')}
            </label>
            <input id={sourceId} className="input input-sm w-48" list={sourcesList} value={source} maxLength={60} onChange={(e) => setSource(e.target.value)} />
            <datalist id={sourcesList}>
              {sources.map((word) => (
                <option key={word} value={word} />
              ))}
            </datalist>
          </div>
          <button type="submit" className="btn btn-sm btn-outline" disabled={source === (contact.source ?? '')}>
            {t('Save')}
          </button>
        </form>
      ) : (
        contact.source && (
          <p className="text-sm text-base-content/80">
            {t('How we met')}: <span dir="auto">{contact.source}</span>
          </p>
        )
      )}
    </div>
  );
}
