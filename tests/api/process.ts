// Runs server/main.ts as a real child process, for the crash, shutdown and backup tests.
import { execFile, spawn, type ChildProcess, type ExecFileOptions } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { ApiClient } from './harness';

/**
 * A file of this run's bundle (tests/api/bundle.ts): `main` is server/main.ts as `npm start` runs it, `backup` and
 * `restore` the scripts, `writer` the second process of the database test.
 */
export const bundled = (name: 'main' | 'backup' | 'restore' | 'writer') => inject('processBundle')[name];

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<number | null>;
}

export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [bundled('main')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_REQUESTS: 'false', REGISTER_LIMIT_PER_ADDRESS: '100000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return listening(child);
}

/** A started server process once it says where it listens (its `"port":` log line); its stderr if it exits first. */
export async function listening(child: ChildProcess): Promise<ServerProcess> {
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /"port":(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}`, exited };
}

export async function registerOn(baseUrl: string, username: string) {
  const client = new ApiClient(baseUrl);
  const res = await client.post('/api/auth/register', { username, email: `${username}@example.com`, password: 'longenough1' });
  if (res.status !== 201) throw new Error(`register failed ${res.status}`);
  return client;
}

/** A command run to its end: its exit code and output, whether it succeeds or fails. */
export async function commandOutcome(file: string, args: string[], options: ExecFileOptions) {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, { timeout: 30_000, ...options, encoding: 'utf8' });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A data directory that `nobody` (65534) owns, 0700, in a folder anyone may pass through; for tests run by root. */
export function nobodysDataDirectory(prefix: string) {
  const parent = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(parent, 0o755);
  const data = join(parent, 'data');
  mkdirSync(data, { mode: 0o700 });
  chownSync(data, 65534, 65534);
  return { parent, data };
}
