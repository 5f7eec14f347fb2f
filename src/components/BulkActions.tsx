// Many contacts at once (issue 51 §4): the Contacts page's selection (checkboxes on a wide screen; a long press on a
// phone, then taps add), its action bar, the confirmation with the count, and the toast whose Undo sends the inverse.
import { useCallback, useEffect, useRef, useState, type PointerEvent, type MouseEvent } from 'react';
import type { BulkAction } from '../../shared/schemas/contacts';
import { FormActions, SelectField } from '../forms/Fields';
import { TextField } from '../forms/TextField';
import { useTeams } from '../hooks/useTeams';
import { useWrite } from '../hooks/useWrite';
import { t } from '../i18n';
import { failure } from '../lib/messages';
import { offline } from '../lib/offlineMessages';
import { newIdempotencyKey } from '../lib/outbox';
import { useOutboxCreate } from '../forms/useOutboxCreate';
import { trpc } from '../lib/trpc';
import { Modal } from './Modal';
import { useCreatableTeams } from './team-work/rights';

/** How long a finger rests on a card before it is selected. */
const LONG_PRESS_MS = 500;

/** The Contacts page's selection: ids in the order chosen, and the gestures that change it. */
export function useContactSelection() {
  const [selected, setSelected] = useState<number[]>([]);
  const toggle = useCallback((id: number) => setSelected((now) => (now.includes(id) ? now.filter((other) => other !== id) : [...now, id])), []);
  const clear = useCallback(() => setSelected([]), []);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pressed = useRef(false);
  const selecting = selected.length > 0;

  /** The handlers a card takes: a long touch selects it; while selecting, a tap adds or removes it instead of opening it. */
  const cardProps = (id: number) => ({
    onPointerDown(event: PointerEvent) {
      if (event.pointerType === 'mouse') return;
      pressed.current = false;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        pressed.current = true;
        toggle(id);
      }, LONG_PRESS_MS);
    },
    onPointerUp: () => clearTimeout(timer.current),
    onPointerCancel: () => clearTimeout(timer.current),
    onPointerLeave: () => clearTimeout(timer.current),
    onContextMenu(event: MouseEvent) {
      // The phone's own long-press menu would cover the selection.
      if (pressed.current || selecting) event.preventDefault();
    },
    onClickCapture(event: MouseEvent) {
      if ((event.target as HTMLElement).closest('input[type=checkbox]')) return;
      if (pressed.current) {
        pressed.current = false;
        event.preventDefault();
        event.stopPropagation();
      } else if (selecting && (event.nativeEvent as globalThis.PointerEvent).pointerType !== 'mouse') {
        event.preventDefault();
        event.stopPropagation();
        toggle(id);
      }
    },
  });

  useEffect(() => () => clearTimeout(timer.current), []);
  return { selected, selecting, toggle, clear, cardProps };
}

type Dialog = Exclude<BulkAction, 'untag' | 'restore'>;
type BulkInput = Parameters<ReturnType<typeof trpc.contacts.bulk.useMutation>['mutateAsync']>[0];

/** The question each action asks, with its count. */
function question(action: Dialog, count: number) {
  switch (action) {
    case 'share':
      return t('{count, plural, one {Share # contact with a team?} other {Share # contacts with a team?}}', { count });
    case 'unshare':
      return t('{count, plural, one {Take back # contact from its team?} other {Take back # contacts from their teams?}}', { count });
    case 'assign':
      return t('{count, plural, one {Assign # contact?} other {Assign # contacts?}}', { count });
    case 'tag':
      return t('{count, plural, one {Tag # contact?} other {Tag # contacts?}}', { count });
    case 'archive':
      return t('{count, plural, one {Archive # contact?} other {Archive # contacts?}}', { count });
  }
}

/** What the toast says was done. */
function done(action: BulkAction, count: number) {
  switch (action) {
    case 'share':
      return t('{count, plural, one {# contact shared} other {# contacts shared}}', { count });
    case 'unshare':
      return t('{count, plural, one {# contact taken back} other {# contacts taken back}}', { count });
    case 'assign':
      return t('{count, plural, one {# contact assigned} other {# contacts assigned}}', { count });
    case 'tag':
    case 'untag':
      return t('{count, plural, one {# contact tagged} other {# contacts tagged}}', { count });
    case 'archive':
    case 'restore':
      return t('{count, plural, one {# contact archived} other {# contacts archived}}', { count });
  }
}

/** The bar over the list while contacts are selected: its count is announced, Escape clears it. */
export function BulkBar({ selected, onClear }: { selected: number[]; onClear(): void }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { currentTeam } = useTeams();
  const creatable = useCreatableTeams();
  const count = selected.length;

  useEffect(() => {
    if (count === 0 || dialog) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClear();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [count, dialog, onClear]);

  const button = (action: Dialog, label: string, tone = 'btn-outline') => (
    <button type="button" className={`btn btn-sm ${tone}`} onClick={() => setDialog(action)}>
      {label}
    </button>
  );
  return (
    <>
      {/* Stuck right under the phone's top bar (the top of the screen on a desktop), the gap above it painted as the
          page, so the list scrolling under it does not show a clipped line between the two. */}
      <div className={count ? 'sticky top-14 z-10 mb-3 bg-base-200 pt-2 md:top-0' : undefined}>
        <div
          role="region"
          aria-label={t('Selected contacts')}
          className={`flex flex-wrap items-center gap-2 rounded-box border border-primary/40 bg-base-100 p-2 shadow-sm ${count ? '' : 'sr-only'}`}
        >
          <span role="status" className="me-auto min-w-0 px-1 text-sm font-semibold">
            {count ? t('{count, plural, one {# selected} other {# selected}}', { count }) : ''}
          </span>
          {count > 0 && (
            <>
              {creatable.length > 0 && button('share', t('Share with a team'))}
              {button('unshare', t('Take back'))}
              {currentTeam && button('assign', t('Assign'))}
              {button('tag', t('Tag'))}
              {button('archive', t('Archive'), 'btn-outline btn-error')}
              <button type="button" className="btn btn-ghost btn-sm" onClick={onClear}>
                {t('Clear selection')}
              </button>
            </>
          )}
        </div>
      </div>
      <Modal open={dialog !== null} title={dialog ? question(dialog, count) : ''} onClose={() => setDialog(null)}>
        {dialog && (
          <BulkForm
            action={dialog}
            ids={selected}
            onDone={(changed) => {
              setDialog(null);
              if (changed) onClear();
            }}
          />
        )}
      </Modal>
    </>
  );
}

/** What the action needs (a team, a person, a tag), then the one request for the whole selection. */
function BulkForm({ action, ids, onDone }: { action: Dialog; ids: number[]; onDone(changed: boolean): void }) {
  const bulk = trpc.contacts.bulk.useMutation();
  const write = useWrite();
  const outbox = useOutboxCreate();
  const creatable = useCreatableTeams();
  const { currentTeam } = useTeams();
  const members = trpc.teams.members.list.useQuery({ teamId: currentTeam?.id ?? 0 }, { enabled: action === 'assign' && Boolean(currentTeam) });
  const [teamId, setTeamId] = useState(String(creatable[0]?.id ?? ''));
  const [userId, setUserId] = useState('');
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  const undo = (calls: BulkInput[]) =>
    void write(
      async () => {
        for (const call of calls) await bulk.mutateAsync(call);
      },
      { kind: 'contact', done: t('Undone'), failed: failure.updateContact },
    ).catch(() => undefined);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (action === 'tag' && !tag.trim()) return setError(t('Tag name is required'));
    const input: BulkInput = {
      ids,
      action,
      ...(action === 'share' ? { teamId: Number(teamId) } : {}),
      ...(action === 'assign' ? { userId: userId ? Number(userId) : null } : {}),
      ...(action === 'tag' ? { tag: tag.trim() } : {}),
    };
    // Offline, the whole action waits in the outbox as one entry, sent with its key when the connection returns.
    if (outbox.offline) {
      const kept = await outbox.keep(
        { kind: 'bulk', input, contactName: t('{count, plural, one {# contact} other {# contacts}}', { count: ids.length }) },
        offline.keptBulk,
        failure.updateContact,
        newIdempotencyKey(),
      );
      return onDone(kept);
    }
    try {
      await write(() => bulk.mutateAsync(input), {
        kind: 'contact',
        done: (result) => ({
          title: done(action, result.count),
          action: result.undo.length ? { label: t('Undo'), onSelect: () => undo(result.undo) } : undefined,
        }),
        failed: failure.updateContact,
      });
      onDone(true);
    } catch {
      // The toast said why; the dialog stays so the choice can change.
    }
  }

  const assignable = (members.data ?? []).filter((member) => member.role !== 'viewer');
  return (
    <form method="post" noValidate onSubmit={(event) => void submit(event)}>
      {action === 'share' && (
        <SelectField
          name="teamId"
          label={t('Team')}
          value={teamId}
          options={creatable.map((team) => ({ value: String(team.id), label: team.name }))}
          onChange={(e) => setTeamId(e.target.value)}
        />
      )}
      {action === 'assign' && (
        <SelectField
          name="userId"
          label={t('Assign to')}
          value={userId}
          options={[
            { value: '', label: t('Nobody') },
            ...assignable.map((member) => ({ value: String(member.userId), label: `${member.firstName} ${member.lastName}` })),
          ]}
          onChange={(e) => setUserId(e.target.value)}
        />
      )}
      {action === 'tag' && <TextField name="tag" label={t('Tag')} value={tag} error={error} maxLength={40} onChange={(e) => setTag(e.target.value)} />}
      {action === 'archive' && <p className="text-sm text-base-content/80">{t('They leave your lists and can be restored at any time.')}</p>}
      {action === 'unshare' && <p className="text-sm text-base-content/80">{t('Each goes back to the person who added it, with their records.')}</p>}
      <FormActions
        busy={bulk.isPending}
        submitLabel={action === 'archive' ? t('Archive') : action === 'unshare' ? t('Take back') : t('Confirm')}
        busyLabel={t('Saving...')}
        onCancel={() => onDone(false)}
      />
    </form>
  );
}
