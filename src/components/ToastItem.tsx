// One toast: its timer (paused while hovered, focused or dragged), a swipe toward the screen's edge (right, or left in a
// right-to-left language) to dismiss, and its look.
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import type { ToastEntry, ToastVariant } from '../hooks/useToast';
import { t } from '../i18n';

const SWIPE_THRESHOLD = 50;

/** 1 where the end edge is on the right, -1 where it is on the left (right to left). */
const towardEnd = (element: Element) => (getComputedStyle(element).direction === 'rtl' ? -1 : 1);

const cardStyles: Record<ToastVariant, string> = {
  default: 'border-base-300 bg-base-100 text-base-content',
  success: 'border-success/40 bg-base-100 text-base-content',
  destructive: 'border-error bg-error text-error-content',
};

const icons: Record<ToastVariant, { className: string; shape: ReactNode }> = {
  default: {
    className: 'text-primary',
    shape: (
      <>
        <circle cx="12" cy="12" r="10" />
        <path d="M12 16v-4M12 8h.01" />
      </>
    ),
  },
  success: {
    className: 'text-success',
    shape: (
      <>
        <circle cx="12" cy="12" r="10" />
        <path d="m8.5 12 2.5 2.5 4.5-5" />
      </>
    ),
  },
  destructive: {
    className: 'text-error-content',
    shape: (
      <>
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7.5v5M12 16.5h.01" />
      </>
    ),
  },
};

interface ToastItemProps {
  toast: ToastEntry;
  onDismiss(id: string): void;
}

export function ToastItem({ toast, onDismiss }: ToastItemProps) {
  const { id, title, description, variant, duration, action, open } = toast;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [offset, setOffset] = useState(0);
  const [swipeStartX, setSwipeStartX] = useState<number | null>(null);
  const remaining = useRef(duration);
  const swiping = swipeStartX !== null;

  // Someone reading, tabbing to Close, or dragging should not have the toast vanish under them.
  const paused = hovered || focused || swiping;
  useEffect(() => {
    if (!open || paused || !Number.isFinite(remaining.current)) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [open, paused, id, onDismiss]);

  function startSwipe(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    setSwipeStartX(event.clientX);
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function moveSwipe(event: PointerEvent<HTMLDivElement>) {
    if (swipeStartX === null) return;
    const toward = towardEnd(event.currentTarget);
    // Follows the finger toward the end edge only.
    setOffset(toward * Math.max(0, (event.clientX - swipeStartX) * toward));
  }

  function endSwipe(event: PointerEvent<HTMLDivElement>) {
    if (swipeStartX === null) return;
    const distance = (event.clientX - swipeStartX) * towardEnd(event.currentTarget);
    setSwipeStartX(null);
    if (event.type === 'pointerup' && distance > SWIPE_THRESHOLD) onDismiss(id);
    else setOffset(0);
  }

  const icon = icons[variant];
  return (
    <li
      aria-hidden={open ? undefined : true}
      inert={!open}
      className={`pointer-events-auto grid transition-[grid-template-rows,opacity,translate,visibility] duration-200 ease-out ${
        open ? 'grid-rows-[1fr]' : 'invisible grid-rows-[0fr] translate-x-full opacity-0 rtl:-translate-x-full'
      }`}
    >
      {/* Clipping only while collapsing: an open toast's shadow must not be cut off. */}
      <div className={open ? 'min-h-0' : 'min-h-0 overflow-hidden'}>
        <div className="py-1">
          <div
            role={variant === 'destructive' ? 'alert' : 'status'}
            aria-atomic="true"
            className={`animate-toast-in relative flex touch-pan-y items-start gap-3 rounded-box border p-4 pe-11 shadow-lg select-none ${
              swiping ? '' : 'transition-[translate] duration-200'
            } ${cardStyles[variant]}`}
            style={offset ? { translate: `${offset}px 0` } : undefined}
            onPointerEnter={() => setHovered(true)}
            onPointerLeave={() => setHovered(false)}
            onFocus={() => setFocused(true)}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
            }}
            onPointerDown={startSwipe}
            onPointerMove={moveSwipe}
            onPointerUp={endSwipe}
            onPointerCancel={endSwipe}
          >
            <svg
              className={`mt-0.5 size-5 shrink-0 ${icon.className}`}
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              {icon.shape}
            </svg>
            <div className="grid grid-cols-1 min-w-0 gap-1">
              <p dir="auto" className="text-sm font-semibold wrap-anywhere">
                {title}
              </p>
              {description && (
                <p dir="auto" className="text-sm wrap-anywhere opacity-90">
                  {description}
                </p>
              )}
              {action && (
                <button
                  type="button"
                  className="btn mt-1 justify-self-start btn-sm btn-primary"
                  onClick={() => {
                    action.onSelect();
                    onDismiss(id);
                  }}
                >
                  {action.label}
                </button>
              )}
            </div>
            <button
              type="button"
              aria-label={t('Dismiss notification')}
              className="absolute top-2.5 end-2.5 inline-flex size-8 cursor-pointer items-center justify-center rounded-field opacity-70 transition hover:bg-current/10 hover:opacity-100 focus-visible:opacity-100"
              onClick={() => onDismiss(id)}
            >
              <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                <path d="M18 6 6 18M6 6l12 12" />
              </svg>
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}
