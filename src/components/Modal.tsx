// A dialog on the native <dialog> (showModal): focus moves to its first field, Escape closes, focus returns to what
// opened it. Once something was typed, a stray tap on the backdrop, Escape or the close button asks before the
// typing is thrown away.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { t } from '../i18n';
import { discardChanges } from '../lib/offlineMessages';

const FIELDS = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** Focuses the box's first field, now or as soon as it renders (a form whose code is still loading). */
function focusFirstField(box: HTMLElement): () => void {
  const focus = () => {
    const field = box.querySelector<HTMLElement>(FIELDS);
    field?.focus();
    return Boolean(field);
  };
  if (focus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (focus()) observer.disconnect();
  });
  observer.observe(box, { childList: true, subtree: true });
  return () => observer.disconnect();
}

interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Wider dialogs for long forms. */
  wide?: boolean;
  /** A dialog of small forms each saved by its own button (the prayer lists): closing it throws nothing away unasked. */
  savedAsItGoes?: boolean;
}

export function Modal({ open, title, onClose, children, wide, savedAsItGoes = false }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const changed = useRef(false);
  const [asking, setAsking] = useState(false);
  const keepEditing = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      changed.current = false;
      setAsking(false);
      dialog.showModal();
      if (box.current) return focusFirstField(box.current);
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    if (asking) keepEditing.current?.focus();
  }, [asking]);

  /** Closing without saving: at once when nothing was typed, else only once the user says so. */
  function requestClose() {
    if (changed.current && !savedAsItGoes) setAsking(true);
    else onClose();
  }

  return (
    // On phones a full-width sheet from the bottom; from sm up a centred box. The box scrolls, the page does not.
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // The parent owns `open`; Escape asks it to close rather than closing behind its back.
        event.preventDefault();
        if (asking) setAsking(false);
        else requestClose();
      }}
      onClose={() => {
        opener.current?.focus();
        // Chromium closes anyway on a second Escape without user activation in between; tell the parent.
        if (open) onClose();
      }}
    >
      {open && (
        <div
          ref={box}
          className={`modal-box max-h-[90dvh] w-full overscroll-contain p-5 sm:p-6 ${wide ? 'sm:max-w-2xl' : 'sm:max-w-lg'}`}
          onInput={() => (changed.current = true)}
          onChange={() => (changed.current = true)}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button type="button" className="btn btn-square btn-ghost btn-sm -mt-1 -me-2 size-11 sm:size-8" aria-label={t('Close')} onClick={requestClose}>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {asking && (
            <div
              role="alertdialog"
              aria-label={discardChanges.question}
              className="alert mb-4 flex flex-col items-stretch gap-3 alert-warning sm:flex-row sm:items-center"
            >
              <p className="flex-1 font-medium">{discardChanges.question}</p>
              <div className="flex gap-2">
                <button ref={keepEditing} type="button" className="btn btn-sm" onClick={() => setAsking(false)}>
                  {discardChanges.keep}
                </button>
                <button type="button" className="btn btn-sm btn-error" onClick={onClose}>
                  {discardChanges.discard}
                </button>
              </div>
            </div>
          )}
          {children}
        </div>
      )}
      <div className="modal-backdrop" aria-hidden="true" onClick={requestClose} />
    </dialog>
  );
}
