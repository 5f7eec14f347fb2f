// A person's faith milestones on their page (issue 50): one chip per kind. A chip not yet set sets it today; a set one
// opens its day, to move it back (or forward to today) or to clear it. A reader who may not change the contact (a team
// viewer) sees the set ones only. Setting "Believes" or "Baptized" for someone not yet a believer offers, in its toast, to
// move them to New Believer: never done without asking. Offline, each set or clear waits in the outbox and the chips
// show it, marked as waiting, until it is sent.
import { useId, useState } from 'react';
import { t } from '../i18n';
import { milestoneKinds, milestoneLabel as label, spiritualStatusLabel, type MilestoneKind, type SpiritualStatus } from '../../shared/vocabulary';
import { useOutbox } from '../hooks/useOutbox';
import { useWrite } from '../hooks/useWrite';
import { useOutboxCreate } from '../forms/useOutboxCreate';
import { formatDay, fromDateInputValue, toDateInputValue } from '../lib/dates';
import { failure, success } from '../lib/messages';
import { offline } from '../lib/offlineMessages';
import { newIdempotencyKey, type MilestoneDraft } from '../lib/outbox';
import { trpc } from '../lib/trpc';
import { Modal } from './Modal';

interface Milestone {
  kind: MilestoneKind;
  date: Date;
}

/** The milestones that say a person has come to faith, and the statuses before that. */
const cameToFaith = new Set<MilestoneKind>(['belief', 'baptized']);
const notYetBelieving = new Set<SpiritualStatus>(['unknown', 'exploring', 'seeking']);

export function Milestones({ contactId, name, milestones, changes }: { contactId: number; name: string; milestones: Milestone[]; changes: boolean }) {
  const set = trpc.contacts.setMilestone.useMutation();
  const update = trpc.contacts.update.useMutation();
  const clear = trpc.contacts.clearMilestone.useMutation();
  const write = useWrite();
  const [open, setOpen] = useState<Milestone | null>(null);
  const [day, setDay] = useState('');
  const dayId = useId();
  const outbox = useOutboxCreate();
  const waiting = useOutbox('milestone').filter((entry) => entry.input.id === contactId);
  // The server's milestones with what waits to be sent laid over them, in the order it was done.
  const held = new Map<MilestoneKind, Milestone & { waiting?: boolean }>(milestones.map((milestone) => [milestone.kind, milestone]));
  const pending = new Set<MilestoneKind>();
  for (const { input, queuedAt } of waiting) {
    pending.add(input.kind);
    if (input.clear) held.delete(input.kind);
    else held.set(input.kind, { kind: input.kind, date: new Date(input.date ?? queuedAt) });
  }
  const shown = changes ? milestoneKinds : milestoneKinds.filter((kind) => held.has(kind));

  /** Offline: the write waits in the outbox (a key of its own, so a later one for the same kind does not replace it). */
  const keepForLater = (input: MilestoneDraft) =>
    outbox.keep({ kind: 'milestone', input, contactName: name }, offline.keptMilestone, failure.updateContact, newIdempotencyKey());

  const moveOn = () =>
    void write(() => update.mutateAsync({ id: contactId, spiritualStatus: 'new_believer' }), {
      kind: 'contact',
      done: success.contactUpdated,
      failed: failure.updateContact,
    }).catch(() => undefined);

  const setOn = async (kind: MilestoneKind, date?: Date) => {
    if (outbox.offline) return void (await keepForLater({ id: contactId, kind, date }));
    await write(() => set.mutateAsync({ id: contactId, kind, date }), {
      kind: 'contact',
      done: (contact) => ({
        title: t('Milestone saved: {milestone}', { milestone: label(kind) }),
        ...(cameToFaith.has(kind) && notYetBelieving.has(contact.spiritualStatus)
          ? { action: { label: t('Move to {status}', { status: spiritualStatusLabel('new_believer') }), onSelect: moveOn } }
          : {}),
      }),
      failed: failure.updateContact,
    });
  };

  const clearOf = async (kind: MilestoneKind) => {
    if (outbox.offline) return void (await keepForLater({ id: contactId, kind, clear: true }));
    await write(() => clear.mutateAsync({ id: contactId, kind }), {
      kind: 'contact',
      done: t('Milestone cleared: {milestone}', { milestone: label(kind) }),
      failed: failure.updateContact,
    });
  };

  if (shown.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold">{t('Milestones')}</h3>
      <ul className="flex flex-wrap gap-2" aria-label={t('Milestones of {name}', { name })}>
        {shown.map((kind) => {
          const milestone = held.get(kind);
          const text = milestone ? t('{milestone}, since {day}', { milestone: label(kind), day: formatDay(milestone.date) }) : label(kind);
          return (
            <li key={kind}>
              {changes ? (
                <button
                  type="button"
                  aria-pressed={Boolean(milestone)}
                  className={`btn btn-sm h-auto min-h-8 py-1 text-start whitespace-normal ${milestone ? 'btn-primary' : 'btn-outline'}`}
                  onClick={() => {
                    if (!milestone) return void setOn(kind).catch(() => undefined);
                    setDay(toDateInputValue(milestone.date));
                    setOpen(milestone);
                  }}
                >
                  {text}
                  {pending.has(kind) && <span className="badge badge-xs badge-warning">{offline.waiting}</span>}
                </button>
              ) : (
                <span className="badge badge-primary h-auto min-h-6 py-1 whitespace-normal">{text}</span>
              )}
            </li>
          );
        })}
      </ul>
      <Modal open={open !== null} title={open ? label(open.kind) : ''} onClose={() => setOpen(null)}>
        {open && (
          <form
            method="post"
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              void setOn(open.kind, day ? fromDateInputValue(day) : undefined)
                .then(() => setOpen(null))
                .catch(() => undefined);
            }}
          >
            <div className="flex flex-col gap-1.5">
              <label htmlFor={dayId} className="text-sm font-medium">
                {t('When did it happen?')}
              </label>
              <input id={dayId} type="date" className="input w-full" value={day} max={toDateInputValue(new Date())} onChange={(e) => setDay(e.target.value)} />
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <button
                type="button"
                className="btn btn-outline btn-error"
                onClick={() =>
                  void clearOf(open.kind)
                    .then(() => setOpen(null))
                    .catch(() => undefined)
                }
              >
                {t('Clear milestone')}
              </button>
              <button type="submit" className="btn btn-primary">
                {t('Save')}
              </button>
            </div>
          </form>
        )}
      </Modal>
    </div>
  );
}
