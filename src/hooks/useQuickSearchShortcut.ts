// The quick search's keys: Ctrl+K or ⌘K anywhere, and '/' when the user is not typing in a field.
import { useLayoutEffect } from 'react';
import { quickSearchKey } from '../lib/quickSearchKeys';

export function useQuickSearchShortcut(open: () => void) {
  // Attached in the commit that shows the shell, not after the next paint: the dashboard now often arrives in that same
  // commit, and a Ctrl+K pressed the moment it shows must not fall through to the browser.
  useLayoutEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      const key = quickSearchKey(event);
      if (key === null) return;
      const commandK = key === 'commandK';
      // Over another dialog (a form, the drawer, the search itself) the shortcut would pull the user away from it;
      // Ctrl+K is still kept from the browser, whose own use of it (the address bar) would surprise here.
      const dialogOpen = document.querySelector('dialog[open]:modal') !== null;
      if (commandK || !dialogOpen) event.preventDefault();
      if (!dialogOpen) open();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
}
