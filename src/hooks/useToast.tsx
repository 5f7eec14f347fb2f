// Toast notifications (SPEC §9): at most 3 on screen (one on a phone), 5 s by default, kept 3 s after dismissal to animate out.
import { isLockClosed } from '../lib/appLock';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen before it dismisses itself. */
  duration?: number;
  /** One thing to do next, offered in the toast (it stays a little longer). */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onSelect(): void;
}

export interface ToastEntry extends Required<Omit<ToastOptions, 'description' | 'action'>> {
  id: string;
  description?: string;
  action?: ToastAction;
  open: boolean;
}

interface ToastActions {
  /** Shows a toast and returns its id, for dismiss. */
  toast(options: ToastOptions): string;
  dismiss(id: string): void;
}

const MAX_VISIBLE = 3;
/** Below the sm breakpoint a toast covers a quarter of the screen: one at a time there, the newest (issue 28). */
const PHONE = '(max-width: 39.99rem)';
const maxVisible = () => (window.matchMedia(PHONE).matches ? 1 : MAX_VISIBLE);
const DEFAULT_DURATION = 5000;
const WITH_ACTION_DURATION = 8000;
const REMOVE_DELAY = 3000;

const ToastActionsContext = createContext<ToastActions | undefined>(undefined);
const ToastListContext = createContext<ToastEntry[]>([]);

let lastId = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const removalTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const timers = removalTimers.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);

  const dismiss = useCallback((id: string) => {
    setToasts((list) => list.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
    if (removalTimers.current.has(id)) return;
    removalTimers.current.set(
      id,
      setTimeout(() => {
        removalTimers.current.delete(id);
        setToasts((list) => list.filter((entry) => entry.id !== id));
      }, REMOVE_DELAY),
    );
  }, []);

  const toast = useCallback(
    ({ title, description, variant = 'default', action, duration = action ? WITH_ACTION_DURATION : DEFAULT_DURATION }: ToastOptions) => {
      const id = String(++lastId);
      // A failure behind the app lock is the lock's: a call answered 423 closed it (src/lib/appLock.ts), and its
      // screen says what to do. No error toast over it.
      if (variant === 'destructive' && isLockClosed()) return id;
      setToasts((list) => {
        const next = [...list, { id, title, description, variant, duration, action, open: true }];
        // Past the limit the oldest open toast goes at once; ones already animating out do not count.
        let excess = next.filter((entry) => entry.open).length - maxVisible();
        return next.filter((entry) => !(entry.open && excess-- > 0));
      });
      return id;
    },
    [],
  );

  const actions = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  return (
    <ToastActionsContext.Provider value={actions}>
      <ToastListContext.Provider value={toasts}>{children}</ToastListContext.Provider>
    </ToastActionsContext.Provider>
  );
}

export function useToast(): ToastActions {
  const context = useContext(ToastActionsContext);
  if (!context) throw new Error('useToast must be used within a ToastProvider');
  return context;
}

/** The toasts to render, for the Toaster. */
export function useToastList(): ToastEntry[] {
  return useContext(ToastListContext);
}
