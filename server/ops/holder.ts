// Which process serves a file database: `<database>.pid`, written by `sower serve` and removed when it stops.
// The file holds the process id and, on Linux, the process's start time (field 22 of /proc/<pid>/stat), so that a
// file a crashed server left is not taken for a live server when a later, unrelated process reuses its id.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export const pidFileOf = (database: string) => `${database}.pid`;

/** Whether a process with this id is running (signal 0 only asks). */
function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The start time of a process, in clock ticks since boot, or null where /proc does not say. */
export function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces; the fields after it are space-separated.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return rest[19] ?? null; // field 22 is the 20th after the name
  } catch {
    return null;
  }
}

/** The live process serving `database`, or null (no pid file, or one a crashed server left). */
export function holderOf(database: string): number | null {
  let pid: number;
  let started: string | undefined;
  try {
    [pid, started] = ((text) => [Number(text[0]), text[1]] as const)(readFileSync(pidFileOf(database), 'utf8').trim().split(/\s+/));
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !alive(pid)) return null;
  if (started) {
    const now = startTimeOf(pid);
    if (now !== null && now !== started) return null; // the id now belongs to another process
  }
  return pid;
}

/** Marks `database` as served by this process until `release()`. */
export function hold(database: string) {
  const started = startTimeOf(process.pid);
  writeFileSync(pidFileOf(database), `${process.pid}${started ? ` ${started}` : ''}\n`, { mode: 0o600 });
  return { release: () => rmSync(pidFileOf(database), { force: true }) };
}
