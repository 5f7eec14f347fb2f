// Who is signed in, at the foot of the navigation: initials, full name, username, the invitations to teams waiting for
// an answer, Settings and Logout (or a guest's Sign in).
import { Link, NavLink } from 'react-router-dom';
import { useAuth } from '../hooks/useAuth';
import { t } from '../i18n';
import { fullName, getInitials, userInitials } from '../lib/names';
import { trpc } from '../lib/trpc';

interface UserBlockProps {
  /** Called when Settings is followed or logout starts, so the phone drawer can close. */
  onNavigate?(): void;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `btn w-full justify-start gap-2 btn-ghost btn-sm font-medium ${isActive ? 'bg-primary/10 text-primary' : ''}`;

/** Invitations to teams waiting for the user's answer (decision 013): a line with their count, to the Teams screen. */
function TeamInvitationsLink({ onNavigate }: UserBlockProps) {
  const waiting = trpc.invitations.list.useQuery().data?.length ?? 0;
  if (!waiting) return null;
  return (
    <NavLink to="/settings/teams" end onClick={onNavigate} className={navLinkClass} data-testid="invitations-badge">
      <span className="badge badge-sm badge-primary">{waiting}</span>
      {t('{count, plural, one {Team invitation} other {Team invitations}}', { count: waiting })}
    </NavLink>
  );
}

export function UserBlock({ onNavigate }: UserBlockProps) {
  const { user, logout } = useAuth();
  const initials = user ? userInitials(user) : getInitials(t('Guest User'));

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <div className="avatar avatar-placeholder">
          <div className="size-10 rounded-full bg-primary text-primary-content">
            <span className="text-sm font-semibold" aria-hidden="true">
              {initials}
            </span>
          </div>
        </div>
        {user ? (
          <div className="min-w-0">
            {/* In the name's own direction, so a long Latin name in Arabic is cut at its end, not its start ('…eph Haddad'). */}
            <p dir="auto" className="truncate text-sm font-semibold">
              {fullName(user) || user.username}
            </p>
            <p dir="auto" className="truncate text-xs text-base-content/70">
              {user.username}
            </p>
          </div>
        ) : (
          <div className="min-w-0">
            <p className="text-sm font-semibold">{t('Guest User')}</p>
            <Link to="/login" className="link text-sm link-primary">
              {t('Sign in')}
            </Link>
          </div>
        )}
      </div>
      {user && (
        <div className="flex flex-col gap-1">
          <TeamInvitationsLink onNavigate={onNavigate} />
          <NavLink to="/settings" onClick={onNavigate} className={navLinkClass}>
            <svg
              className="size-4"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              <path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6" />
            </svg>
            {t('Settings')}
          </NavLink>
          <button
            type="button"
            className="btn w-full justify-start gap-2 btn-ghost btn-sm font-medium"
            onClick={() => {
              onNavigate?.();
              void logout();
            }}
          >
            <svg
              className="size-4 rtl:-scale-x-100"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
            </svg>
            {t('Logout')}
          </button>
        </div>
      )}
    </div>
  );
}
