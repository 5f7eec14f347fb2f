// Code loaded on demand that survives an unreachable server: a part whose chunk cannot be fetched shows what it is
// told to (a screen saying the server cannot be reached, or nothing) and loads again by itself, not a crashed app.
import { lazy, useState, useSyncExternalStore, type ComponentType } from 'react';

export interface UnreachableProps {
  /** Loads the code again now. */
  retry(): void;
  /** How many loads have failed in a row, so automatic retries can back off. */
  failures: number;
}

/** What stands in for a part: its retry, and the props the part was given (a dialog's onClose, say). */
export type StandInProps<P> = UnreachableProps & { partProps: P };

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * Like React.lazy, but a failed import resolves to `Unreachable` instead of throwing into the error boundary, and
 * `retry` swaps in a fresh lazy component (React caches a rejected lazy for good). Shared by every instance, so one
 * successful retry serves them all.
 */
export function lazyPart<P extends object>(
  load: Loader<P>,
  Unreachable: ComponentType<StandInProps<NoInfer<P>>>,
): ComponentType<P> & { preload(): Promise<void> } {
  let failures = 0;
  // The part's own component once its code is here: rendered directly, it does not suspend, so a page hydrating over
  // the server's HTML (or rendered on the server) shows it at once. React.lazy suspends on a first render regardless.
  let loaded: ComponentType<P> | undefined;
  let version = 0;
  const listeners = new Set<() => void>();

  function retry() {
    current = attempt();
    version += 1;
    for (const listener of listeners) listener();
  }

  function Failed(props: P) {
    return <Unreachable retry={retry} failures={failures} partProps={props} />;
  }

  function attempt() {
    return lazy(() =>
      load().then(
        (module) => {
          failures = 0;
          loaded = module.default;
          return module;
        },
        (error: unknown) => {
          failures += 1;
          console.warn('Part of the app could not be loaded', error);
          return { default: Failed };
        },
      ),
    );
  }

  let current = attempt();

  function subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  function Part(props: P) {
    useSyncExternalStore(
      subscribe,
      () => version,
      () => version,
    );
    // Decided once per instance: switching an instance from the lazy to the loaded component would remount it.
    const [direct] = useState(() => loaded);
    const Current = direct ?? current;
    return <Current {...props} />;
  }
  /** Fetches the code now; once it settles, new instances render without suspending. */
  Part.preload = () =>
    load().then(
      (module) => {
        loaded = module.default;
      },
      () => undefined,
    );
  return Part;
}
