// The signed-in layout: fixed sidebar from md up; below md a top bar whose menu button opens the same links in a drawer.
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useQuickSearchShortcut } from '../hooks/useQuickSearchShortcut';
import { t } from '../i18n';
import { Brand } from './Brand';
import { OfflineBanner } from './OfflineBanner';
import { SearchIcon } from './SearchIcon';
import { Sidebar } from './Sidebar';
import { TeamSwitcher } from './team-work/TeamSwitcher';
import { RemovalNotices } from './team-work/RemovalNotices';
import { Spinner } from './Spinner';
import { NotificationBell } from './NotificationBell';
import { ScreenBoundary } from './ScreenBoundary';
import { QuietlyUnreachable, SearchUnreachable } from './Unreachable';
import { lazyPart } from '../lib/lazyPart';

// Kept out of the entry chunk with the IndexedDB outbox it sends: only a signed-in shell needs them.
const OutboxSync = lazyPart(() => import('./OutboxSync'), QuietlyUnreachable);

// The search dialog is fetched on first use (or when a pointer or focus nears its button), never on a first visit.
const loadQuickSearch = () => import('./QuickSearch');
const QuickSearch = lazyPart(loadQuickSearch, SearchUnreachable);
const preloadQuickSearch = () => void loadQuickSearch();

export function AppShell() {
  const drawerRef = useRef<HTMLDialogElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const { pathname } = useLocation();
  const openSearch = useCallback(() => setSearchOpen(true), []);
  useQuickSearchShortcut(openSearch);

  // A modal <dialog> gives the drawer what a drawer needs for free: focus moves in, the page behind is inert,
  // Escape closes it. It opens after its links are rendered, so the browser has something to focus.
  useEffect(() => {
    const drawer = drawerRef.current;
    if (drawerOpen && drawer && !drawer.open) drawer.showModal();
  }, [drawerOpen]);

  function closeDrawer() {
    drawerRef.current?.close();
  }

  function handleDrawerClosed() {
    setDrawerOpen(false);
    menuButtonRef.current?.focus();
  }

  // Left open while the window widens past md, the drawer would keep the now visible page inert.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 48rem)');
    const closeWhenWide = () => {
      if (wide.matches) drawerRef.current?.close();
    };
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, []);

  // Client-side navigation keeps the scroll position; a new screen should start at its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="min-h-dvh bg-base-200">
      <a href="#main-content" className="btn sr-only btn-sm btn-primary focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-50">
        {t('Skip to content')}
      </a>

      <RemovalNotices />
      <aside className="fixed inset-y-0 start-0 z-20 hidden w-64 border-e border-base-300 bg-base-100 md:block">
        <Sidebar onSearch={openSearch} onSearchNear={preloadQuickSearch} />
      </aside>

      <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-base-300 bg-base-100/95 px-2 backdrop-blur md:hidden">
        <button
          ref={menuButtonRef}
          type="button"
          className="btn btn-square btn-ghost"
          aria-label={t('Open menu')}
          aria-expanded={drawerOpen}
          aria-controls="navigation-drawer"
          onClick={() => setDrawerOpen(true)}
        >
          <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </button>
        <Brand narrow />
        {/* The space shown and written to stays in sight on a phone too, not only inside the drawer. */}
        <div className="ms-auto min-w-0">
          <TeamSwitcher compact />
        </div>
        <NotificationBell />
        <button
          type="button"
          className="btn btn-square btn-ghost"
          aria-label={t('Search')}
          aria-keyshortcuts="Control+K Meta+K /"
          onClick={openSearch}
          onPointerEnter={preloadQuickSearch}
          onFocus={preloadQuickSearch}
        >
          <SearchIcon className="size-6" />
        </button>
      </header>

      {/* A click on the backdrop; the keyboard closes the dialog with Escape. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={drawerRef}
        id="navigation-drawer"
        aria-label={t('Menu')}
        className="my-0 ms-0 me-auto h-dvh max-h-none w-72 max-w-[85vw] border-0 border-e border-base-300 bg-base-100 p-0 text-base-content shadow-xl backdrop:bg-neutral/50 open:animate-drawer-in rtl:open:animate-drawer-in-rtl md:hidden"
        onClose={handleDrawerClosed}
        onClick={(event) => {
          // A click whose target is the dialog itself landed on the backdrop.
          if (event.target === event.currentTarget) closeDrawer();
        }}
      >
        {/* Rendered only while open, so the page never holds a second, hidden copy of the navigation. */}
        {drawerOpen && (
          <Sidebar
            onNavigate={closeDrawer}
            headerAction={
              <button type="button" className="btn -me-2 -mt-1 btn-square btn-ghost btn-sm" aria-label={t('Close menu')} onClick={closeDrawer}>
                <svg className="size-5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                  <path d="M18 6 6 18M6 6l12 12" />
                </svg>
              </button>
            }
          />
        )}
      </dialog>

      {searchOpen && (
        <Suspense fallback={null}>
          <QuickSearch onClose={() => setSearchOpen(false)} />
        </Suspense>
      )}

      <div className="md:ps-64">
        <div className="sticky top-14 z-10 md:top-0">
          <OfflineBanner />
        </div>
        <Suspense fallback={null}>
          <OutboxSync />
        </Suspense>
        <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-6xl px-4 py-6 focus:outline-none sm:px-6 md:py-8 lg:px-8">
          <ScreenBoundary fallback={<Spinner />}>
            <Outlet />
          </ScreenBoundary>
        </main>
      </div>
    </div>
  );
}
