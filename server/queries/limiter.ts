import { TRPCError } from '@trpc/server';
import { HttpError } from '../errors';
// A counting semaphore: at most `size` tasks run at once, the rest wait in arrival order.
export function createLimiter(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return {
    /** Tasks waiting for a slot. */
    get waiting() {
      return waiting.length;
    },
    /** Whether every slot is taken. */
    get full() {
      return running >= size;
    },
    /** Waits for a slot and returns the function that gives it back (call it exactly once). */
    async acquire(): Promise<() => void> {
      if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
      running++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      const done = await this.acquire();
      try {
        return await task();
      } finally {
        done();
      }
    },
  };
}

/**
 * One costly task at a time in the process, a few waiting in arrival order, and beyond them a refusal before any work
 * or memory is taken: 503 with Retry-After and `message` (the encrypted files' key derivation, the import of a Sower
 * export).
 */
export function createBusyGate({ waitingAtMost, message, retryAfterSeconds }: { waitingAtMost: number; message: string; retryAfterSeconds: number }) {
  const limiter = createLimiter(1);
  return {
    run<T>(setHeader: (name: string, value: string) => void, task: () => Promise<T>): Promise<T> {
      if (limiter.full && limiter.waiting >= waitingAtMost) {
        setHeader('Retry-After', String(retryAfterSeconds));
        return Promise.reject(new TRPCError({ code: 'SERVICE_UNAVAILABLE', message, cause: new HttpError(503, 'SERVICE_UNAVAILABLE', message) }));
      }
      return limiter.run(task);
    },
  };
}
