// The user's prayer lists (issue 50 §5), managed from the Prayer Journal: made with a name and how many of its requests
// Pray today shows a day, renamed, given another count, or deleted after a confirmation (its requests stay, in no list),
// which the screen asks outside this dialog (a dialog inside another would close both).
import { useId, useState } from 'react';
import { t } from '../i18n';
import { PRAY_TODAY_MAX } from '../../shared/nudges';
import { PER_DAY_DEFAULT, PRAYER_LIST_NAME_MAX } from '../../shared/schemas/prayerLists';
import { useWrite } from '../hooks/useWrite';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { ConfirmDialog } from './ConfirmDialog';

export type PrayerList = RouterOutputs['prayerLists']['list'][number];

const COUNTS = Array.from({ length: PRAY_TODAY_MAX }, (_, i) => i + 1);

/** A list's fields as the forms show them: its name and its count a day. */
function ListFields({ name, perDay, onName, onPerDay }: { name: string; perDay: number; onName(name: string): void; onPerDay(perDay: number): void }) {
  const nameId = useId();
  const countId = useId();
  return (
    <>
      <div className="flex min-w-0 flex-1 basis-40 flex-col gap-1">
        <label htmlFor={nameId} className="text-xs font-medium">
          {t('List name')}
        </label>
        <input
          id={nameId}
          name="name"
          dir="auto"
          className="input input-sm w-full"
          value={name}
          maxLength={PRAYER_LIST_NAME_MAX}
          onChange={(e) => onName(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={countId} className="text-xs font-medium">
          {t('Requests a day')}
        </label>
        <select id={countId} name="perDay" className="select select-sm w-20" value={perDay} onChange={(e) => onPerDay(Number(e.target.value))}>
          {COUNTS.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

function ListRow({ list, onDelete }: { list: PrayerList; onDelete(list: PrayerList): void }) {
  const update = trpc.prayerLists.update.useMutation();
  const write = useWrite();
  const [name, setName] = useState(list.name);
  const [perDay, setPerDay] = useState(list.perDay);
  const changed = name.trim() !== list.name || perDay !== list.perDay;

  return (
    <li className="flex flex-col gap-2 rounded-box border border-base-300 p-3" aria-label={list.name}>
      <p className="text-sm text-base-content/75">
        {t('{active, plural, one {# active request} other {# active requests}}, {answered, plural, one {# answered} other {# answered}}', {
          active: list.active,
          answered: list.answered,
        })}
      </p>
      <form
        method="post"
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void write(() => update.mutateAsync({ id: list.id, name, perDay }), {
            kind: 'prayerList',
            done: t('Prayer list saved'),
            failed: t('Failed to save the prayer list. Please try again.'),
          }).catch(() => undefined);
        }}
      >
        <ListFields name={name} perDay={perDay} onName={setName} onPerDay={setPerDay} />
        <div className="flex gap-2">
          <button type="submit" className="btn btn-sm btn-outline" disabled={!name.trim() || !changed || update.isPending}>
            {t('Save')}
          </button>
          <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => onDelete(list)}>
            {t('Delete')}
          </button>
        </div>
      </form>
    </li>
  );
}

export function PrayerListSettings({ onDelete }: { onDelete(list: PrayerList): void }) {
  const lists = trpc.prayerLists.list.useQuery();
  const create = trpc.prayerLists.create.useMutation();
  const write = useWrite();
  const [name, setName] = useState('');
  const [perDay, setPerDay] = useState(PER_DAY_DEFAULT);

  const add = () =>
    void write(() => create.mutateAsync({ name, perDay }), {
      kind: 'prayerList',
      done: t('Prayer list added'),
      failed: t('Failed to save the prayer list. Please try again.'),
    })
      .then(() => {
        setName('');
        setPerDay(PER_DAY_DEFAULT);
      })
      .catch(() => undefined);

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-base-content/75">{t('Pray today takes from each list as many requests a day as you choose, the longest waiting first.')}</p>
      <form
        method="post"
        noValidate
        className="flex flex-wrap items-end gap-2"
        aria-label={t('New prayer list')}
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) add();
        }}
      >
        <ListFields name={name} perDay={perDay} onName={setName} onPerDay={setPerDay} />
        <button type="submit" className="btn btn-sm btn-primary" disabled={!name.trim() || create.isPending}>
          {t('Add list')}
        </button>
      </form>
      {lists.data?.length === 0 && <p className="text-sm text-base-content/75">{t('No prayer lists yet.')}</p>}
      <ul className="flex flex-col gap-2">
        {lists.data?.map((list) => (
          <ListRow key={`${list.id}:${list.name}:${list.perDay}`} list={list} onDelete={onDelete} />
        ))}
      </ul>
    </div>
  );
}

/** Deleting a list, asked first: rendered beside the lists' dialog, not inside it. */
export function DeletePrayerList({ list, onDone }: { list: PrayerList | null; onDone(): void }) {
  const remove = trpc.prayerLists.remove.useMutation();
  const write = useWrite();
  const removeList = (id: number) =>
    void write(() => remove.mutateAsync({ id }), {
      kind: 'prayerList',
      done: t('Prayer list deleted'),
      failed: t('Failed to delete the prayer list. Please try again.'),
    })
      .catch(() => undefined)
      .finally(onDone);
  return (
    <ConfirmDialog
      open={Boolean(list)}
      title={t('Delete prayer list')}
      message={t('Delete the list “{name}”? Its requests stay in your journal, in no list.', { name: list?.name ?? '' })}
      busy={remove.isPending}
      onConfirm={() => list && removeList(list.id)}
      onCancel={onDone}
    />
  );
}
