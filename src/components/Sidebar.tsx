// The navigation column (brand, search, the team switcher, the seven sections, the user block), used fixed on desktop and in the phone drawer.
import { useSyncExternalStore, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useDueFollowUps } from '../hooks/useDueFollowUps';
import { msg, t } from '../i18n';
import { Brand } from './Brand';
import { SearchIcon } from './SearchIcon';
import { TeamSwitcher } from './team-work/TeamSwitcher';
import { useUnseenAssignments } from './team-work/assignments';
import { UserBlock } from './UserBlock';

interface NavItem {
  to: string;
  /** English, marked for extraction; translated where shown. */
  label: string;
  icon: ReactNode;
}

const NAV_ITEMS: NavItem[] = [
  {
    to: '/',
    label: msg('Dashboard'),
    icon: (
      <>
        <rect width="7" height="9" x="3" y="3" rx="1" />
        <rect width="7" height="5" x="14" y="3" rx="1" />
        <rect width="7" height="9" x="14" y="12" rx="1" />
        <rect width="7" height="5" x="3" y="16" rx="1" />
      </>
    ),
  },
  { to: '/activities', label: msg('Activities'), icon: <path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z" /> },
  {
    to: '/contacts',
    label: msg('Contacts'),
    icon: (
      <>
        <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
        <circle cx="9" cy="7" r="4" />
        <path d="M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
      </>
    ),
  },
  {
    to: '/followups',
    label: msg('Follow-ups'),
    icon: (
      <>
        <rect width="18" height="18" x="3" y="4" rx="2" />
        <path d="M16 2v4M8 2v4M3 10h18M9 16l2 2 4-4" />
      </>
    ),
  },
  {
    to: '/prayer-journal',
    label: msg('Prayer Journal'),
    icon: <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />,
  },
  {
    to: '/goals',
    label: msg('Goals'),
    icon: (
      <>
        <circle cx="12" cy="12" r="10" />
        <circle cx="12" cy="12" r="6" />
        <circle cx="12" cy="12" r="2" />
      </>
    ),
  },
  {
    to: '/resources',
    label: msg('Resources'),
    icon: <path d="M2 3h6a4 4 0 0 1 4 4v14a3 3 0 0 0-3-3H2zM22 3h-6a4 4 0 0 0-4 4v14a3 3 0 0 1 3-3h7z" />,
  },
];

interface SidebarProps {
  /** Called when a link is followed or logout starts, so the phone drawer can close. */
  onNavigate?(): void;
  /** Shown beside the brand: the phone drawer's close button. */
  headerAction?: ReactNode;
  /** Opens the quick search; without it (the phone drawer, whose top bar has its own) no search button shows. */
  onSearch?(): void;
  /** A pointer or focus reached the search button: a moment to fetch the dialog's code. */
  onSearchNear?(): void;
}

// Apple keyboards say ⌘ where others say Ctrl; the shortcut itself accepts both everywhere.
// The server cannot tell, so its page says Ctrl K and the browser's first render (hydrating it) too; ⌘ right after.
const onApple = () => /Mac|iPhone|iPad/.test(navigator.userAgent);
const neverChanges = () => () => undefined;
const useShortcutLabel = () => (useSyncExternalStore(neverChanges, onApple, () => false) ? '⌘K' : 'Ctrl K');

export function Sidebar({ onNavigate, headerAction, onSearch, onSearchNear }: SidebarProps) {
  const due = useDueFollowUps();
  const assigned = useUnseenAssignments();
  const shortcutLabel = useShortcutLabel();
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-start justify-between gap-2 px-5 pt-6 pb-5">
        <Brand showTagline />
        {headerAction}
      </div>
      {onSearch && (
        <div className="px-3 pb-3">
          <button
            type="button"
            className="flex w-full items-center gap-3 rounded-field border border-base-300 bg-base-200/60 px-3 py-2 text-sm text-base-content/75 transition-colors hover:bg-base-200 hover:text-base-content"
            aria-keyshortcuts="Control+K Meta+K /"
            onClick={onSearch}
            onPointerEnter={onSearchNear}
            onFocus={onSearchNear}
          >
            <SearchIcon />
            <span className="flex-1 text-start">{t('Search')}</span>
            <kbd className="kbd kbd-sm" aria-hidden="true">
              {shortcutLabel}
            </kbd>
          </button>
        </div>
      )}
      <div className="px-3 pb-3 empty:hidden">
        <TeamSwitcher />
      </div>
      <nav aria-label={t('Main')} className="flex-1 overflow-y-auto px-3 pb-4">
        <ul className="flex flex-col gap-1">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === '/'}
                onClick={onNavigate}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-field px-3 py-2.5 text-sm font-medium transition-colors ${
                    isActive ? 'bg-primary/10 text-primary' : 'text-base-content/80 hover:bg-base-200 hover:text-base-content'
                  }`
                }
              >
                <svg
                  className="size-5 shrink-0"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  {item.icon}
                </svg>
                {t(item.label)}
                {item.to === '/followups' && due > 0 && (
                  <span className="ms-auto badge badge-sm badge-error font-semibold tabular-nums" data-testid="due-badge">
                    <span aria-hidden="true">{due}</span>
                    <span className="sr-only">{t('{due} due', { due })}</span>
                  </span>
                )}
                {item.to === '/contacts' && assigned > 0 && (
                  <span className="ms-auto badge badge-sm badge-secondary font-semibold tabular-nums" data-testid="assigned-badge">
                    <span aria-hidden="true">{assigned}</span>
                    <span className="sr-only">{t('{count, plural, one {# newly assigned to you} other {# newly assigned to you}}', { count: assigned })}</span>
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-base-300 p-4">
        <UserBlock onNavigate={onNavigate} />
      </div>
    </div>
  );
}
