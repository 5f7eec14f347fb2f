// A team contact's comments (issue 51 §3), apart from their notes: the team talks about the person here. Whoever reads
// the contact reads them; a role that may create writes; the author changes theirs for 15 minutes; the author or an
// admin deletes. `@username` (or a first name no one else in the team has) tells that teammate. Offline, each write
// waits in the outbox (src/lib/outbox.ts) and shows as 'Waiting to sync' until it is sent with its key (decision 039).
import { useId, useState, type FormEvent } from 'react';
import { COMMENT_MAX } from '../../../shared/schemas/comments';
import { useOutboxCreate } from '../../forms/useOutboxCreate';
import { useAuth } from '../../hooks/useAuth';
import { useOutbox } from '../../hooks/useOutbox';
import { useWrite } from '../../hooks/useWrite';
import { t } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { offline } from '../../lib/offlineMessages';
import { newIdempotencyKey, type OutboxDraft } from '../../lib/outbox';
import { CommentText } from './CommentText';
import { trpc } from '../../lib/trpc';

interface Comment {
  id: number;
  body: string;
  createdAt: Date;
  editedAt: Date | null;
  author: { firstName: string; lastName: string } | null;
  canEdit: boolean;
  canDelete: boolean;
}

const failed = () => t('Failed to save the comment. Please try again.');

/**
 * Offline, a comment's write waits in the outbox under a key of its own; resolves once kept, rejects when the device
 * would not keep it (its toast said why), so a form keeps what was typed.
 */
function useKeepOffline() {
  const outbox = useOutboxCreate();
  return {
    get offline() {
      return outbox.offline;
    },
    keep: async (draft: OutboxDraft) => {
      if (!(await outbox.keep(draft, offline.keptComment, failed(), newIdempotencyKey()))) throw new Error('Not kept on this device');
    },
  };
}

const Waiting = () => <span className="badge badge-ghost badge-sm">{offline.waiting}</span>;

function CommentForm({
  initial = '',
  label,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: string;
  label: string;
  submitLabel: string;
  onSubmit(body: string): Promise<unknown>;
  onCancel?(): void;
}) {
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { body: useId(), error: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return setError(t('A comment cannot be empty'));
    setError(null);
    setBusy(true);
    onSubmit(body.trim())
      .then(() => setBody(''))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <form method="post" noValidate className="flex flex-col gap-2" onSubmit={submit}>
      <label htmlFor={ids.body} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={ids.body}
        className="textarea w-full"
        dir="auto"
        rows={3}
        maxLength={COMMENT_MAX}
        value={body}
        aria-describedby={error ? ids.error : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setBody(event.target.value)}
      />
      {error && (
        <p id={ids.error} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
            {t('Cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

interface Pending {
  /** The new words of an edit waiting in the outbox. */
  body?: string;
  /** A deletion waiting in the outbox. */
  deleted?: boolean;
}

function CommentItem({ contactId, contactName, comment, pending }: { contactId: number; contactName: string; comment: Comment; pending?: Pending }) {
  const [editing, setEditing] = useState(false);
  const update = trpc.comments.update.useMutation();
  const remove = trpc.comments.remove.useMutation();
  const write = useWrite();
  const outbox = useKeepOffline();
  const author = comment.author ? `${comment.author.firstName} ${comment.author.lastName}`.trim() : t('Former member');
  if (pending)
    return (
      <li className="flex flex-col gap-1 border-b border-base-300 pb-3 last:border-0" data-testid="comment" data-pending="">
        <p className="text-xs text-base-content/70">
          <span className="font-medium text-base-content">{author}</span> ·{' '}
          <time dateTime={comment.createdAt.toISOString()}>{formatDateTime(comment.createdAt)}</time> · <Waiting />
        </p>
        {/* A deletion waiting: struck through, and said as deleted text to a screen reader. */}
        <p dir="auto" className={`wrap-anywhere whitespace-pre-line ${pending.deleted ? 'opacity-70' : ''}`}>
          {pending.deleted ? <del>{comment.body}</del> : (pending.body ?? comment.body)}
        </p>
      </li>
    );
  return (
    <li className="flex flex-col gap-1 border-b border-base-300 pb-3 last:border-0" data-testid="comment">
      <p className="text-xs text-base-content/70">
        <span className="font-medium text-base-content">{author}</span> ·{' '}
        <time dateTime={comment.createdAt.toISOString()}>{formatDateTime(comment.createdAt)}</time>
        {comment.editedAt && <> · {t('edited')}</>}
      </p>
      {editing ? (
        <CommentForm
          initial={comment.body}
          label={t('Change your comment')}
          submitLabel={t('Save')}
          onCancel={() => setEditing(false)}
          onSubmit={(body) =>
            (outbox.offline
              ? outbox.keep({ kind: 'commentEdit', input: { id: contactId, commentId: comment.id, body }, contactName })
              : write(() => update.mutateAsync({ id: contactId, commentId: comment.id, body }), {
                  kind: 'comment',
                  done: t('Comment changed'),
                  failed: failed(),
                })
            ).then(() => setEditing(false))
          }
        />
      ) : (
        <CommentText text={comment.body} className="wrap-anywhere whitespace-pre-line" />
      )}
      {!editing && (comment.canEdit || comment.canDelete) && (
        <div className="flex flex-wrap gap-1">
          {comment.canEdit && (
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(true)}>
              {t('Edit')}
            </button>
          )}
          {comment.canDelete && (
            <button
              type="button"
              className="btn btn-ghost btn-xs text-error"
              onClick={() => {
                if (!window.confirm(t('Delete this comment?'))) return;
                const draft = { id: contactId, commentId: comment.id };
                if (outbox.offline) return void outbox.keep({ kind: 'commentDelete', input: draft, contactName }).catch(() => undefined);
                void write(() => remove.mutateAsync({ id: contactId, commentId: comment.id }), {
                  kind: 'comment',
                  done: t('Comment deleted'),
                  failed: failed(),
                }).catch(() => undefined);
              }}
            >
              {t('Delete')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** The comments of a team contact; `writes` when the reader's role may create in its team. */
export function ContactComments({ contactId, contactName, writes }: { contactId: number; contactName: string; writes: boolean }) {
  const list = trpc.comments.list.useQuery({ id: contactId });
  const create = trpc.comments.create.useMutation();
  const write = useWrite();
  const outbox = useKeepOffline();
  const { user } = useAuth();
  // What waits in the outbox for this contact: new comments on top, and each edit or deletion on its comment.
  const waitingNew = useOutbox('comment').filter((entry) => entry.input.id === contactId);
  const edits = useOutbox('commentEdit').filter((entry) => entry.input.id === contactId);
  const deletions = useOutbox('commentDelete').filter((entry) => entry.input.id === contactId);
  const pendingOf = (id: number): Pending | undefined => {
    const deleted = deletions.some((entry) => entry.input.commentId === id);
    const edit = edits.findLast((entry) => entry.input.commentId === id);
    return deleted || edit ? { deleted, body: edit?.input.body } : undefined;
  };
  const me = user ? { firstName: user.firstName, lastName: user.lastName } : null;
  const waiting: Comment[] = waitingNew
    .map((entry, index) => ({
      id: -1 - index,
      body: entry.input.body,
      createdAt: entry.queuedAt,
      editedAt: null,
      author: me,
      canEdit: false,
      canDelete: false,
    }))
    .reverse();
  const comments = list.data ?? [];
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="comments-heading">
      <div className="card-body gap-3 p-5 sm:p-6">
        <h2 id="comments-heading" className="font-semibold">
          {t('Team comments')}
        </h2>
        {writes && (
          <CommentForm
            label={t('Write to your team about this person; @username tells a teammate')}
            submitLabel={t('Add comment')}
            onSubmit={(body) =>
              outbox.offline
                ? outbox.keep({ kind: 'comment', input: { id: contactId, body }, contactName })
                : write(() => create.mutateAsync({ id: contactId, body }), { kind: 'comment', done: t('Comment added'), failed: failed() })
            }
          />
        )}
        {list.isSuccess && comments.length + waiting.length === 0 && <p className="text-sm text-base-content/70">{t('No comments yet.')}</p>}
        {comments.length + waiting.length > 0 && (
          <ul className="flex flex-col gap-3">
            {waiting.map((comment) => (
              <CommentItem key={comment.id} contactId={contactId} contactName={contactName} comment={comment} pending={{}} />
            ))}
            {comments.map((comment) => (
              <CommentItem key={comment.id} contactId={contactId} contactName={contactName} comment={comment} pending={pendingOf(comment.id)} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
