// The counting semaphore that keeps password hashing from taking every core.
import { describe, expect, it } from 'vitest';
import { createLimiter } from '../../server/queries/limiter';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('createLimiter', () => {
  it('runs at most `size` tasks at once, the rest in arrival order', async () => {
    const limiter = createLimiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        limiter.run(async () => {
          order.push(i);
          most = Math.max(most, ++running);
          await tick();
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('gives the slot back when a task fails, and passes the failure on', async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('hash failed')))).rejects.toThrow('hash failed');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
  });

  it('ignores a second release of the same slot', async () => {
    const limiter = createLimiter(1);
    const release = await limiter.acquire();
    release();
    release();
    let running = 0;
    let most = 0;
    await Promise.all(
      [1, 2, 3].map(() =>
        limiter.run(async () => {
          most = Math.max(most, ++running);
          await tick();
          running--;
        }),
      ),
    );
    expect(most).toBe(1);
  });
});
