// A counting semaphore: at most `size` tasks run at once, the rest wait in arrival order.
export function createLimiter(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return {
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
