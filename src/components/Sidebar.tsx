// The navigation column (brand, search, the team switcher, the seven sections, the user block), used fixed on desktop and in the phone drawer.
import { useSyncExternalStore, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useDueFollowUps } from '../hooks/useDueFollowUps';
import { t } from '../i18n';
import { pages } from '../pages/registry';
import { Brand } from './Brand';
import { SearchIcon } from './SearchIcon';
import { TeamSwitcher } from './team-work/TeamSwitcher';
import { useTeams } from '../hooks/useTeams';
import { useUnseenAssignments } from './team-work/assignments';
import { UserBlock } from './UserBlock';
import { NotificationBell } from './NotificationBell';

/** The navigation's links: the pages of the registry that have one, in its order. */
const NAV_ITEMS = Object.values(pages).flatMap((page) =>
  'nav' in page ? [{ to: page.path, ...page.nav, teamsOnly: 'teamsOnly' in page && page.teamsOnly === true }] : [],
);

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
  // 'Team' only for someone in a team (issue 51 §1).
  const inTeam = useTeams().teams.length > 0;
  const items = NAV_ITEMS.filter((item) => inTeam || !item.teamsOnly);
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-start justify-between gap-2 px-5 pt-6 pb-5">
        <Brand showTagline />
        {/* The bell on desktop, at the top of every signed-in page; the phone's top bar has its own. */}
        {headerAction ?? <NotificationBell />}
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
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                // New assignments open 'Assigned to me', where those waiting for an answer are listed first.
                to={item.to === pages.contacts.path && assigned > 0 ? `${item.to}?assigned=me` : item.to}
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
                {item.to === pages.followUps.path && due > 0 && (
                  <span className="ms-auto badge badge-sm badge-error font-semibold tabular-nums" data-testid="due-badge">
                    <span aria-hidden="true">{due}</span>
                    <span className="sr-only">{t('{due} due', { due })}</span>
                  </span>
                )}
                {item.to === pages.contacts.path && assigned > 0 && (
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
