// The notifications region: where toasts stack (along the bottom on phones, clear of the top bar's menu and search;
// the bottom end corner from sm up) and the F8 hotkey lands. While a modal dialog is open the region lives inside it.
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useToast, useToastList } from '../hooks/useToast';
import { t } from '../i18n';
import { ToastItem } from './ToastItem';

const isModal = (dialog: HTMLDialogElement) => dialog.open && dialog.matches(':modal');

/**
 * The element the region belongs in: the modal dialog opened last while it is open, else the body. A modal dialog sits
 * in the top layer, above any z-index, and makes everything outside itself inert: a toast outside it would be drawn
 * under it and never announced (issue 48, tests/e2e/dialog-errors.spec.ts). Inside it, the toast is over the form and
 * in the one part of the page a screen reader still reads.
 */
function useRegionHost(): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    // The modal dialogs in the order they opened (the top layer's order); the last is on top.
    let opened: HTMLDialogElement[] = [];
    const place = () => {
      const open = [...document.querySelectorAll('dialog')].filter(isModal);
      opened = [...opened.filter((dialog) => open.includes(dialog)), ...open.filter((dialog) => !opened.includes(dialog))];
      setHost(opened.at(-1) ?? document.body);
    };
    place();
    // showModal() and close() set and remove `open`; a dialog may also leave the page while open.
    const observer = new MutationObserver(place);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, []);
  return host;
}

export function Toaster() {
  const toasts = useToastList();
  const { dismiss } = useToast();
  const regionRef = useRef<HTMLElement>(null);
  const host = useRegionHost();

  // Toasts never take focus themselves; F8 lets a keyboard user reach one to read it or close it.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'F8' || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      regionRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // Nothing before the page runs (the server's render and hydration): no toast can be raised before then.
  if (!host) return null;
  return createPortal(
    // Fixed to the viewport wherever it is: a dialog is a grid, and a fixed box is none of its grid's items.
    <section
      ref={regionRef}
      aria-label={t('Notifications (F8)')}
      tabIndex={-1}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] px-3 pb-[max(0.5rem,env(safe-area-inset-bottom))] outline-offset-[-2px] sm:inset-x-auto sm:end-0 sm:w-full sm:max-w-sm sm:px-4 sm:pb-3"
    >
      {/* Newest nearest the screen's bottom edge. */}
      <ol className="flex flex-col">
        {toasts.map((entry) => (
          <ToastItem key={entry.id} toast={entry} onDismiss={dismiss} />
        ))}
      </ol>
    </section>,
    host,
  );
}
