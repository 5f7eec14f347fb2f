// A dialog on the native <dialog> (showModal): focus moves in, Escape closes, focus returns to what opened it.
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Wider dialogs for long forms. */
  wide?: boolean;
}

export function Modal({ open, title, onClose, children, wide }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    // On phones a full-width sheet from the bottom; from sm up a centred box. The box scrolls, the page does not.
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // The parent owns `open`; Escape asks it to close rather than closing behind its back.
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        opener.current?.focus();
        // Chromium closes anyway on a second Escape without user activation in between; tell the parent.
        if (open) onClose();
      }}
    >
      {open && (
        <div className={`modal-box max-h-[90dvh] w-full overscroll-contain p-5 sm:p-6 ${wide ? 'sm:max-w-2xl' : 'sm:max-w-lg'}`}>
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button type="button" className="btn btn-square btn-ghost btn-sm -mt-1 -mr-2" aria-label="Close" onClick={onClose}>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {children}
        </div>
      )}
      <div className="modal-backdrop" aria-hidden="true" onClick={onClose} />
    </dialog>
  );
}
