// Request turns: each request's handler starts in its own event-loop turn, so a busy server keeps accepting.
import { createLimiter } from './limiter';

/**
 * Node accepts at most one new connection per event-loop turn, and a turn runs the handlers of every socket that
 * was readable. On a saturated server a turn therefore lasts (open connections × handler time), and a burst of new
 * connections waits one such turn each: measured with 50 connections on a 5 ms handler, the last ones were first
 * answered after 2.9-3.9 s while everyone else waited 0.2 s. Starting one queued handler per turn (setImmediate)
 * keeps every turn one handler long, so the accept queue drains as fast as requests are answered. Idle, the cost
 * is one setImmediate.
 */
export function createTurns() {
  const queue: (() => void)[] = [];
  let scheduled = false;
  const next = () => {
    const task = queue.shift();
    if (queue.length > 0) setImmediate(next);
    else scheduled = false;
    task?.();
  };
  return function take(task: () => void) {
    queue.push(task);
    if (!scheduled) {
      scheduled = true;
      setImmediate(next);
    }
  };
}

/**
 * The process's one queue of turns: requests starting (server/http/app.ts) and long work resuming after `nextTurn` wait in
 * the same line, one per event-loop turn. Node runs every setImmediate queued before a turn in that one turn, so with
 * a plain setImmediate two whole lists resuming together ran two 30-50 ms pages back to back and held the loop for
 * 94-119 ms (bench, full contact list, open loop); through the queue each page has a turn of its own.
 */
export const takeTurn = createTurns();

/**
 * Waits for a turn of its own. libSQL runs a file database's statements on this thread, so `await` between them
 * yields to nothing but other promises; long work calls this between its parts to let other requests in.
 */
export function nextTurn() {
  return new Promise<void>((resolve) => takeTurn(resolve));
}

/**
 * Steps of long work (a page of a whole list, a part of a download, a page of a calendar feed) across all requests, one
 * at a time. The turns queue is first come, first served: with every step in it, a request arriving behind 16 downloads
 * waited for 16 steps (0.3-0.7 s, measured with ten feeds and six exports of a heavy account); now it waits for one at
 * the most, and the long work still gets every turn nobody else wants. The database answers one query at a time on
 * this thread anyway, so long work as a whole goes no slower.
 */
const longWork = createLimiter(1);

/** Runs one step of long work in a turn of its own, once no other such step is waiting for its turn or running. */
export function longStep<T>(step: () => Promise<T> | T): Promise<T> {
  return longWork.run(async () => {
    // A turn of its own even when a slot came free at once: the step that released it may have run in this very turn.
    await nextTurn();
    return step();
  });
}
