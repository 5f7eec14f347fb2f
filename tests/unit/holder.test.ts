// The pid file that makes `sower restore` refuse while a server holds the database: a live server is found, and a file
// whose process id a later, unrelated process now uses is not taken for one.
import { spawn } from 'node:child_process';
import { copyFileSync, chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hold, holderOf, pidFileOf, startTimeOf } from '../../server/ops/holder';

const dir = mkdtempSync(join(tmpdir(), 'sower-holder-'));
const database = join(dir, 'sower.db');
const other = spawn('sleep', ['60'], { stdio: 'ignore' });
afterAll(() => {
  other.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('the pid file', () => {
  it('names a live server by its id and start time', () => {
    const pid = other.pid!;
    writeFileSync(pidFileOf(database), `${pid} ${startTimeOf(pid)}\n`);
    expect(holderOf(database)).toBe(pid);
  });

  it('is stale when the id now belongs to a process that started at another time', () => {
    const pid = other.pid!;
    writeFileSync(pidFileOf(database), `${pid} ${Number(startTimeOf(pid)) - 1}\n`);
    expect(holderOf(database)).toBeNull();
  });

  it('is stale when its process has ended, and absent after release', () => {
    writeFileSync(pidFileOf(database), '2147483646 1\n');
    expect(holderOf(database)).toBeNull();
    const held = hold(database);
    expect(readFileSync(pidFileOf(database), 'utf8')).toBe(`${process.pid} ${startTimeOf(process.pid)}\n`);
    held.release();
    expect(holderOf(database)).toBeNull();
  });

  it('reads a start time from /proc that survives a command name with spaces and parentheses', () => {
    const odd = join(dir, 'a) b (c');
    copyFileSync('/bin/sleep', odd);
    chmodSync(odd, 0o755);
    const child = spawn(odd, ['60'], { stdio: 'ignore' });
    try {
      expect(readFileSync(`/proc/${child.pid}/stat`, 'utf8')).toContain('(a) b (c)');
      // The same start time as ps reads (field 22), not a field shifted by the name's spaces.
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(' ');
      expect(startTimeOf(child.pid!)).toBe(fields[fields.length - 52 + 21]);
      expect(startTimeOf(child.pid!)).toMatch(/^\d+$/);
    } finally {
      child.kill();
    }
    expect(startTimeOf(2147483646)).toBeNull();
  });
});
