// A button tapped on a screen the server rendered, before the app has taken it over: held, and tapped again once the
// screen runs, so a tap on a slow phone while the code loads is not lost.
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
  const observer = new MutationObserver(() => {
    if (root.dataset.running === undefined) return;
    observer.disconnect();
    document.removeEventListener('click', hold, true);
    const button = held;
    held = null;
    if (button?.isConnected && !button.disabled) button.click();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-running'] });
}
