// The notifications inbox (issue 51 §3): mentions, assignments and their answers, update-needed and removals, newest
// first (the newest 50), each said in the reader's language; opening one marks it read and opens its contact.
import { useNavigate } from 'react-router-dom';
import { t } from '../i18n';
import { CommentText } from '../components/comments/CommentText';
import { EmptyState } from '../components/EmptyState';
import { LoadGate } from '../components/LoadGate';
import { PageHeader } from '../components/PageHeader';
import { useWrite } from '../hooks/useWrite';
import { formatDateTime } from '../lib/dates';
import { trpc, type RouterOutputs } from '../lib/trpc';

type Item = RouterOutputs['notifications']['inbox']['items'][number];

export default function NotificationsPage() {
  const inbox = trpc.notifications.inbox.useQuery();
  const markRead = trpc.notifications.markRead.useMutation();
  const utils = trpc.useUtils();
  const write = useWrite();
  const navigate = useNavigate();
  const items = inbox.data?.items ?? [];
  const unread = inbox.data?.unread ?? 0;

  const open = (item: Item) => {
    if (!item.read)
      void markRead.mutateAsync({ ids: [item.id] }).then(
        () => utils.notifications.inbox.invalidate(),
        () => undefined,
      );
    if (item.contactId !== null) void navigate(`/contacts/${item.contactId}${item.commentId ? '#comments-heading' : ''}`);
  };

  return (
    <>
      <PageHeader
        title={t('Notifications')}
        subtitle={t('What your teams told you: mentions, assignments and their answers.')}
        action={
          unread > 0 ? (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() =>
                void write(() => markRead.mutateAsync({}), {
                  kind: 'notification',
                  done: t('All notifications marked read'),
                  failed: t('The notifications could not be marked read. Please try again.'),
                }).catch(() => undefined)
              }
            >
              {t('Mark all read')}
            </button>
          ) : undefined
        }
      />
      <LoadGate loads={[inbox]} failed={t('The notifications could not be loaded. Please try again.')}>
        {items.length === 0 ? (
          <EmptyState title={t('No notifications yet.')} text={t('When a teammate mentions you or assigns you someone, it shows here.')} />
        ) : (
          <ul className="flex flex-col gap-2" aria-label={t('Notifications')}>
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={`flex w-full min-w-0 flex-col gap-1 rounded-box border p-4 text-start transition-colors hover:bg-base-200 ${
                    item.read ? 'border-base-300 bg-base-100' : 'border-primary/40 bg-primary/5'
                  }`}
                  onClick={() => open(item)}
                  data-testid="notification"
                >
                  <span className="flex items-start gap-2">
                    {!item.read && <span className="mt-2 size-2 shrink-0 rounded-full bg-primary" aria-label={t('Unread')} />}
                    <span dir="auto" className="min-w-0 font-medium wrap-anywhere">
                      {item.text}
                    </span>
                  </span>
                  {item.excerpt && <CommentText as="span" text={item.excerpt} className="line-clamp-2 text-sm wrap-anywhere text-base-content/80" />}
                  {item.detail.names && item.detail.names.length > 0 && (
                    <span dir="auto" className="text-sm wrap-anywhere text-base-content/80">
                      {item.detail.names.join(', ')}
                    </span>
                  )}
                  <time className="text-xs text-base-content/70" dateTime={item.createdAt.toISOString()}>
                    {formatDateTime(item.createdAt)}
                  </time>
                </button>
              </li>
            ))}
          </ul>
        )}
      </LoadGate>
    </>
  );
}
