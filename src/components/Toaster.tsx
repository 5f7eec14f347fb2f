// The notifications region: where toasts stack (top on phones, bottom right from sm up) and the F8 hotkey lands.
import { useEffect, useRef } from 'react';
import { useToast, useToastList } from '../hooks/useToast';
import { ToastItem } from './ToastItem';

export function Toaster() {
  const toasts = useToastList();
  const { dismiss } = useToast();
  const regionRef = useRef<HTMLElement>(null);

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

  return (
    <section
      ref={regionRef}
      aria-label="Notifications (F8)"
      tabIndex={-1}
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] px-3 pt-2 outline-offset-[-2px] sm:inset-x-auto sm:top-auto sm:right-0 sm:bottom-0 sm:w-full sm:max-w-sm sm:px-4 sm:pt-0 sm:pb-3"
    >
      {/* Newest nearest the screen edge: at the top on phones, at the bottom from sm up. */}
      <ol className="flex flex-col-reverse sm:flex-col">
        {toasts.map((entry) => (
          <ToastItem key={entry.id} toast={entry} onDismiss={dismiss} />
        ))}
      </ol>
    </section>
  );
}
