// A row's action menu: a button that opens a list of actions, usable with arrow keys, Escape and Tab.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useInViewport } from '../hooks/useInViewport';

export interface RowMenuItem {
  label: string;
  onSelect(): void;
  danger?: boolean;
}

/** `text`: a worded button (a row's 'Snooze') instead of the three dots; `label` still names it for screen readers. */
export function RowMenu({ label, items, text }: { label: string; items: RowMenuItem[]; text?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();
  // ArrowUp on the button opens the menu at its last item, as WAI-ARIA's menu button pattern has it.
  const startAtEnd = useRef(false);
  // Inside the viewport in either direction, however the row's buttons wrapped (issue 28).
  const placement = useInViewport(menu, open);

  useEffect(() => {
    if (!open) return;
    const entries = menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]');
    // Without scrolling: the menu is placed inside the viewport (useInViewport), which a scroll now would undo.
    entries?.[startAtEnd.current ? entries.length - 1 : 0]?.focus({ preventScroll: true });
    const closeOnOutside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }

  function openFromKeyboard(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    startAtEnd.current = event.key === 'ArrowUp';
    setOpen(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const entries = Array.from(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
    const index = entries.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      entries[(index + step + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      entries[event.key === 'Home' ? 0 : entries.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        // 44 px on a phone, where a finger presses it (WCAG 2.5.5); the compact 32 px where a pointer does.
        className={text ? 'btn min-h-11 btn-outline btn-sm sm:min-h-8' : 'btn btn-square btn-ghost btn-sm size-11 sm:size-8'}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          startAtEnd.current = false;
          setOpen((v) => !v);
        }}
        onKeyDown={openFromKeyboard}
      >
        {text ?? (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
            <circle cx="12" cy="5" r="1.8" />
            <circle cx="12" cy="12" r="1.8" />
            <circle cx="12" cy="19" r="1.8" />
          </svg>
        )}
      </button>
      {open && (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
          style={placement.style}
          className={`menu absolute end-0 z-30 w-52 max-w-[calc(100vw-1rem)] rounded-box border border-base-300 bg-base-100 p-1.5 shadow-lg ${placement.above ? 'bottom-full mb-1' : 'mt-1'}`}
        >
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                className={`min-h-11 sm:min-h-0 ${item.danger ? 'text-error' : ''}`}
                onClick={() => {
                  close(true);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
