// The quick search's keys: Ctrl+K or ⌘K anywhere, and '/' when the user is not typing in a field. Read by the shortcut
// itself (hooks/useQuickSearchShortcut.ts) and by what holds a key pressed before the screen runs (lib/earlyTaps.ts).

function isTyping(target: EventTarget | null) {
  return target instanceof HTMLElement && (target.isContentEditable || target.closest('input, textarea, select') !== null);
}

/** Which of the quick search's keys the event is, if any. */
export function quickSearchKey(event: KeyboardEvent): 'commandK' | 'slash' | null {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') return 'commandK';
  if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target)) return 'slash';
  return null;
}
