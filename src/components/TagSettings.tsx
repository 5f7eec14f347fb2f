// Settings → Tags (issue 50): the user's tags and their teams', each with how many contacts carry it: renamed and
// recoloured in place, merged into another of the same place, or deleted (its contacts stay, without it). A tag the
// user may not change (a team's, for a viewer) is listed without its tools.
import { useId, useState } from 'react';
import { t } from '../i18n';
import { shownText } from '../../shared/i18n';
import { tagColorLabels, tagColors, type TagColor } from '../../shared/vocabulary';
import { useMayChange } from './team-work/rights';
import { useWrite } from '../hooks/useWrite';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { tagChipClass } from './tagColors';

type Tag = RouterOutputs['tags']['list'][number];

function TagRow({ tag, others, changeable }: { tag: Tag; others: Tag[]; changeable: boolean }) {
  const update = trpc.tags.update.useMutation();
  const merge = trpc.tags.merge.useMutation();
  const remove = trpc.tags.remove.useMutation();
  const write = useWrite();
  const [name, setName] = useState(tag.name);
  const [into, setInto] = useState('');
  const nameId = useId();
  const colourId = useId();
  const intoId = useId();
  const failed = t('Failed to save the tag. Please try again.');
  const sameSpace = others.filter((other) => other.teamId === tag.teamId && other.id !== tag.id);

  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 p-3" aria-label={tag.name}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={`badge h-auto min-h-7 py-1 ${tagChipClass(tag.color)}`} dir="auto">
          {tag.name}
        </span>
        <span className="text-sm text-base-content/75">{t('{count, plural, one {# contact} other {# contacts}}', { count: tag.contacts })}</span>
      </div>
      {changeable && (
        <div className="flex flex-wrap items-end gap-2">
          <form
            method="post"
            noValidate
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void write(() => update.mutateAsync({ id: tag.id, name }), { kind: 'tag', done: t('Tag renamed'), failed }).catch(() => undefined);
            }}
          >
            <div className="flex flex-col gap-1">
              <label htmlFor={nameId} className="text-xs font-medium">
                {t('Name')}
              </label>
              <input id={nameId} className="input input-sm w-40" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
            </div>
            <button type="submit" className="btn btn-sm btn-outline" disabled={!name.trim() || name === tag.name}>
              {t('Rename')}
            </button>
          </form>
          <div className="flex flex-col gap-1">
            <label htmlFor={colourId} className="text-xs font-medium">
              {t('Colour')}
            </label>
            <select
              id={colourId}
              className="select select-sm w-32"
              value={tag.color ?? ''}
              onChange={(e) =>
                void write(() => update.mutateAsync({ id: tag.id, color: (e.target.value || null) as TagColor | null }), {
                  kind: 'tag',
                  done: t('Tag saved'),
                  failed,
                }).catch(() => undefined)
              }
            >
              <option value="">{t('None')}</option>
              {tagColors.map((colour) => (
                <option key={colour} value={colour}>
                  {shownText(tagColorLabels[colour])}
                </option>
              ))}
            </select>
          </div>
          {sameSpace.length > 0 && (
            <form
              method="post"
              noValidate
              className="flex items-end gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                if (!into) return;
                void write(() => merge.mutateAsync({ id: tag.id, intoId: Number(into) }), { kind: 'tag', done: t('Tags merged'), failed }).catch(
                  () => undefined,
                );
              }}
            >
              <div className="flex flex-col gap-1">
                <label htmlFor={intoId} className="text-xs font-medium">
                  {t('Merge into')}
                </label>
                <select id={intoId} className="select select-sm w-40" value={into} onChange={(e) => setInto(e.target.value)}>
                  <option value="">{t('Choose a tag')}</option>
                  {sameSpace.map((other) => (
                    <option key={other.id} value={other.id}>
                      {other.name}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn btn-sm btn-outline" disabled={!into}>
                {t('Merge')}
              </button>
            </form>
          )}
          <button
            type="button"
            className="btn btn-sm btn-outline btn-error"
            onClick={() => void write(() => remove.mutateAsync({ id: tag.id }), { kind: 'tag', done: t('Tag deleted'), failed }).catch(() => undefined)}
          >
            {t('Delete')}
          </button>
        </div>
      )}
    </li>
  );
}

export function TagSettings() {
  const tags = trpc.tags.list.useQuery();
  // A personal tag is its author's; a team's, whoever may change the team's rows (shared/roles.ts), as the server decides.
  const changeable = useMayChange();
  if (!tags.data) return null;
  if (tags.data.length === 0) return <p className="text-sm text-base-content/75">{t('No tags yet: add one on a contact’s page.')}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {tags.data.map((tag) => (
        <TagRow key={`${tag.id}:${tag.name}`} tag={tag} others={tags.data} changeable={changeable(tag)} />
      ))}
    </ul>
  );
}
