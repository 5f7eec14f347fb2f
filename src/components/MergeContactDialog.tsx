// Merging a duplicate into the contact whose page this is (issue 28): pick the duplicate (names compared folded, so
// "lucia" finds "Lucía" and "احمد" finds "أحمد"), see which one is kept and what moves to it, confirm. The page stays
// on the kept contact; the server's rules (server/routers/merge.ts) decide who may and which fields win.
import { useMemo, useState } from 'react';
import { foldText } from '../../shared/fold';
import { t } from '../i18n';
import { useWrite } from '../hooks/useWrite';
import { errorMessage } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { Modal } from './Modal';
import { Spinner } from './Spinner';
import { StatusBadge } from './StatusBadge';

interface ContactRef {
  id: number;
  name: string;
}

/** Names shown at once: a few to choose from, more found by typing. */
const MAX_SHOWN = 8;

/** The words of a folded name that say something (two letters or more). */
const wordsOf = (folded: string) => folded.split(' ').filter((word) => word.length > 1);

/** A contact with its folded name, folded once per list rather than on every keystroke. */
interface Folded extends ContactRef {
  folded: string;
}

/**
 * Likely duplicates of `name` among `contacts`, best first: the same folded name, then a shared word (a first name
 * spelled with or without its accent). The person themselves is never among them.
 */
function likelyDuplicates(name: string, contacts: readonly Folded[]): ContactRef[] {
  const folded = foldText(name);
  const words = new Set(wordsOf(folded));
  const scored = contacts
    .map((contact) => ({ contact, score: contact.folded === folded ? 100 : wordsOf(contact.folded).filter((word) => words.has(word)).length }))
    .filter((entry) => entry.score > 0);
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, MAX_SHOWN).map((entry) => entry.contact);
}

export function MergeContactDialog({ open, contact, onClose }: { open: boolean; contact: ContactRef; onClose(): void }) {
  return (
    <Modal open={open} title={t('Merge a duplicate')} onClose={onClose}>
      {open && <MergeSteps contact={contact} onClose={onClose} />}
    </Modal>
  );
}

function MergeSteps({ contact, onClose }: { contact: ContactRef; onClose(): void }) {
  const [duplicate, setDuplicate] = useState<ContactRef | null>(null);
  return duplicate ? (
    <MergeConfirm contact={contact} duplicate={duplicate} onBack={() => setDuplicate(null)} onDone={onClose} />
  ) : (
    <DuplicatePicker contact={contact} onPick={setDuplicate} />
  );
}

function DuplicatePicker({ contact, onPick }: { contact: ContactRef; onPick(duplicate: ContactRef): void }) {
  const names = trpc.contacts.names.useQuery();
  const [query, setQuery] = useState('');
  const others = useMemo(
    () => (names.data ?? []).filter((other) => other.id !== contact.id).map((other): Folded => ({ ...other, folded: foldText(other.name) })),
    [names.data, contact.id],
  );
  const typed = foldText(query);
  const shown = useMemo(
    () => (typed ? others.filter((other) => other.folded.includes(typed)).slice(0, MAX_SHOWN) : likelyDuplicates(contact.name, others)),
    [others, typed, contact.name],
  );

  return (
    <div className="flex flex-col gap-4">
      <p className="text-base-content/80">
        {t('Choose the other record of {name}. Everything with it moves to {name}, and it is removed.', { name: contact.name })}
      </p>
      <label className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">{t('Find the duplicate')}</span>
        <input
          type="search"
          dir="auto"
          autoComplete="off"
          className="input w-full"
          placeholder={t('Type a name')}
          value={query}
          // A search is no typing to keep: closing the dialog after one does not ask to discard it (Modal).
          onInput={(event) => event.stopPropagation()}
          onChange={(event) => {
            event.stopPropagation();
            setQuery(event.target.value);
          }}
        />
      </label>
      {names.isLoading ? (
        <Spinner />
      ) : (
        <div className="flex flex-col gap-1.5">
          <h3 className="text-sm font-medium text-base-content/75">{typed ? t('Contacts found') : t('Possible duplicates')}</h3>
          {shown.length === 0 ? (
            <p className="text-sm text-base-content/75">
              {typed ? t('No contact matches “{query}”.', { query: query.trim() }) : t('Type part of the other name to find it.')}
            </p>
          ) : (
            <ul className="flex flex-col gap-1" aria-label={typed ? t('Contacts found') : t('Possible duplicates')}>
              {shown.map((other) => (
                <li key={other.id}>
                  {/* The name keeps its own direction; the row follows the page's, so a Latin name starts on the right in Arabic. */}
                  <button
                    type="button"
                    className="btn w-full justify-start border-base-300 bg-base-100 font-normal btn-outline hover:bg-base-200 hover:text-base-content"
                    onClick={() => onPick(other)}
                  >
                    <span dir="auto" className="truncate">
                      {other.name}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function MergeConfirm({ contact, duplicate, onBack, onDone }: { contact: ContactRef; duplicate: ContactRef; onBack(): void; onDone(): void }) {
  const preview = trpc.contacts.mergePreview.useQuery({ id: contact.id, duplicateId: duplicate.id }, { retry: false, gcTime: 0 });
  const merge = trpc.contacts.merge.useMutation();
  const write = useWrite();

  async function confirm() {
    try {
      await write(() => merge.mutateAsync({ id: contact.id, duplicateId: duplicate.id }), {
        kind: 'contact',
        done: (result) => ({
          title: t('Contacts merged'),
          description: t('{duplicate} is now part of {name}.', { duplicate: duplicate.name, name: result.contact.name }),
        }),
        failed: t('Failed to merge the contacts. Please try again.'),
      });
      onDone();
    } catch {
      // The error toast has said it; the dialog stays, so the user can go back or close it.
    }
  }

  if (preview.isLoading) return <Spinner />;
  if (!preview.data)
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="alert alert-warning">
          {errorMessage(preview.error, t('These contacts cannot be merged.'))}
        </p>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onBack}>
            {t('Choose another')}
          </button>
        </div>
      </div>
    );

  const { kept, moving } = preview.data;
  const removed = preview.data.duplicate;
  const moves = [
    moving.activities > 0 && t('{count, plural, one {# activity} other {# activities}}', { count: moving.activities }),
    moving.followUps > 0 && t('{count, plural, one {# follow-up} other {# follow-ups}}', { count: moving.followUps }),
    moving.prayerRequests > 0 && t('{count, plural, one {# prayer request} other {# prayer requests}}', { count: moving.prayerRequests }),
    moving.statusChanges > 0 &&
      t('{count, plural, one {# step of the spiritual journey} other {# steps of the spiritual journey}}', { count: moving.statusChanges }),
  ].filter((text): text is string => Boolean(text));

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="rounded-box border border-primary/60 bg-primary/5 p-3">
          <p className="text-xs font-semibold text-primary uppercase">{t('Kept')}</p>
          <p className="mt-1 font-semibold wrap-anywhere">
            <span dir="auto">{kept.name}</span>
          </p>
          <div className="mt-1">
            <StatusBadge status={kept.spiritualStatus} />
          </div>
        </div>
        <div className="rounded-box border border-base-300 p-3">
          <p className="text-xs font-semibold text-base-content/75 uppercase">{t('Merged in, then removed')}</p>
          <p className="mt-1 font-semibold wrap-anywhere">
            <span dir="auto">{removed.name}</span>
          </p>
          <div className="mt-1">
            <StatusBadge status={removed.spiritualStatus} />
          </div>
        </div>
      </div>
      <div>
        <p className="font-medium">{t('Moving to {name}:', { name: kept.name })}</p>
        {moves.length ? (
          <ul className="mt-1 list-disc ps-5 text-base-content/85" aria-label={t('What moves')}>
            {moves.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-base-content/75">{t('Nothing you can see is recorded with {name}.', { name: removed.name })}</p>
        )}
      </div>
      <p className="text-sm text-base-content/75">
        {t('The details of {kept} stay as they are. What is missing (email, phone, spiritual status) is taken from {duplicate}, and its notes are added.', {
          kept: kept.name,
          duplicate: removed.name,
        })}
      </p>
      <div className="modal-action flex-wrap">
        <button type="button" className="btn btn-ghost" onClick={onBack} disabled={merge.isPending}>
          {t('Choose another')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void confirm()} disabled={merge.isPending}>
          {merge.isPending ? t('Merging…') : t('Merge contacts')}
        </button>
      </div>
    </div>
  );
}
