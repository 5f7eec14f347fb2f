// The bell of the top bar (issue 51 §3): how many notifications are unread, opening the inbox. Asked again each minute
// and when the window comes back into focus, so a teammate's mention shows without a reload.
import { Link } from 'react-router-dom';
import { t } from '../i18n';
import { trpc } from '../lib/trpc';

/** How often the bell asks for the unread count while the app is open. */
const BELL_REFRESH_MS = 60_000;

export function useUnreadNotifications(): number {
  const inbox = trpc.notifications.inbox.useQuery(undefined, { refetchInterval: BELL_REFRESH_MS, refetchOnWindowFocus: true });
  return inbox.data?.unread ?? 0;
}

export function NotificationBell({ onNavigate }: { onNavigate?(): void }) {
  const unread = useUnreadNotifications();
  const label = unread ? t('{count, plural, one {Notifications: # unread} other {Notifications: # unread}}', { count: unread }) : t('Notifications');
  return (
    <Link
      to="/notifications"
      className="btn relative btn-square btn-ghost"
      aria-label={label}
      title={label}
      onClick={onNavigate}
      data-testid="notification-bell"
    >
      <svg
        className="size-6"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 && (
        <span className="badge absolute -end-0.5 -top-0.5 badge-xs badge-error px-1 tabular-nums" aria-hidden="true" data-testid="notification-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
