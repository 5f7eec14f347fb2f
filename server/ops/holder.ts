// Which process serves a file database: `<database>.pid`, written by `sower serve` and removed when it stops.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

const pidFile = (database: string) => `${database}.pid`;

/** Whether a process with this id is running (signal 0 only asks). */
function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process serving `database`, or null (no pid file, or one a crashed server left). */
export function holderOf(database: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile(database), 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
}

/** Marks `database` as served by this process until `release()`. */
export function hold(database: string) {
  writeFileSync(pidFile(database), `${process.pid}\n`, { mode: 0o600 });
  return { release: () => rmSync(pidFile(database), { force: true }) };
}
