// A button tapped on a screen the server rendered, before the app has taken it over: held, and tapped again once the
// screen runs, so a tap on a slow phone while the code loads is not lost. So is the quick search's key (Ctrl+K, '/').
import { quickSearchKey } from './quickSearchKeys';

/**
 * Until the document is marked running (ScreenBoundary), a click on a button does nothing of its own (a submit would
 * send the form natively, its fields in the address) and reaches no handler; the last one is given again afterwards if
 * its button is still on the page. A link is left alone: the browser follows it as it would.
 */
export function holdEarlyTaps(root: HTMLElement = document.documentElement): void {
  if (root.dataset.running !== undefined) return;
  let held: HTMLButtonElement | null = null;
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    held = button;
  };
  document.addEventListener('click', hold, true);
  // The quick search's key, pressed before its handler is attached: kept from the browser (Ctrl+K is its address bar)
  // and pressed again once the screen runs.
  let heldKey: KeyboardEventInit | null = null;
  const holdKey = (event: KeyboardEvent) => {
    if (quickSearchKey(event) === null) return;
    event.preventDefault();
    heldKey = { key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, bubbles: true, cancelable: true };
  };
  document.addEventListener('keydown', holdKey, true);
  const observer = new MutationObserver(() => {
    if (root.dataset.running === undefined) return;
    observer.disconnect();
    document.removeEventListener('click', hold, true);
    document.removeEventListener('keydown', holdKey, true);
    const button = held;
    held = null;
    if (button?.isConnected && !button.disabled) button.click();
    else if (heldKey) document.dispatchEvent(new KeyboardEvent('keydown', heldKey));
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-running'] });
}
