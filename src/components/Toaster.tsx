// The notifications region: where toasts stack (along the bottom on phones, clear of the top bar's menu and search;
// the bottom end corner from sm up) and the F8 hotkey lands.
import { useEffect, useRef } from 'react';
import { useToast, useToastList } from '../hooks/useToast';
import { t } from '../i18n';
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
    </section>
  );
}
