// The single executable (issue 31) as an operator runs it: copied alone into an empty folder, started with no node on
// PATH and a home and cache of its own; its commands, a server that serves the API and the client, a backup taken while
// it serves and restored for a second server, and a browser journey against it. `npm run test:sea` packages it first.
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, existsSync, readFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version } from '../../package.json';
import { commandOutcome, listening, nobodysDataDirectory } from '../api/process';
import { chromiumLaunch } from '../chromium';

const built = join(process.cwd(), 'release', `sower-${version}-linux-x64`);
let dir: string;
let sower: string;

/** The environment of a machine with no Node: nothing inherited but what is given here. */
function environment(extra: Record<string, string> = {}) {
  return { PATH: '/nonexistent', HOME: join(dir, 'home'), XDG_CACHE_HOME: join(dir, 'cache'), SOWER_DATA_DIR: join(dir, 'data'), ...extra };
}

function run(args: string[], extra: Record<string, string> = {}) {
  return commandOutcome(sower, args, { cwd: dir, env: environment(extra) });
}

/** The Environment= lines of the shipped unit that tune the process (deploy/sower.service): the service starts with them. */
const unitTuning = Object.fromEntries(
  [...readFileSync('deploy/sower.service', 'utf8').matchAll(/^Environment="?(NODE_OPTIONS|MALLOC_MMAP_THRESHOLD_)=([^"\n]*)"?$/gm)].map(([, name, value]) => [
    name,
    value,
  ]),
);

/** `sower serve` on a free port, once it listens, tuned as the unit tunes it. */
async function serve(extra: Record<string, string> = {}) {
  const child = spawn(sower, ['serve'], {
    cwd: dir,
    env: environment({ PORT: '0', LOG_REQUESTS: 'false', ...unitTuning, ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { baseUrl: base, exited } = await listening(child);
  return { child, base, exited };
}

const json = (base: string, path: string, body: unknown, cookie = '') =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify(body) });

beforeAll(() => {
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run package (npm run test:sea does)`);
  dir = mkdtempSync(join(tmpdir(), 'sower-sea-'));
  mkdirSync(join(dir, 'home'));
  sower = join(dir, 'sower');
  copyFileSync(built, sower);
  // Read-only, as an operator installs it: the executable never writes beside itself.
  chmodSync(sower, 0o555);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the single executable', () => {
  it('starts with the tuning the systemd unit gives it', () => {
    expect(unitTuning).toEqual({ MALLOC_MMAP_THRESHOLD_: '131072', NODE_OPTIONS: '--max-semi-space-size=8' });
  });

  it('answers --version and refuses a bad configuration in one sentence', async () => {
    expect(await run(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    const bad = await run(['check'], { DATABASE_URL: 'postgres://elsewhere' });
    expect(bad).toEqual({ code: 1, stdout: 'FAIL configuration: DATABASE_URL: must start with file:, libsql://, http(s):// or ws(s)://\n', stderr: '' });
    const badStart = await run(['migrate'], { PORT: 'abc' });
    expect(badStart).toEqual({ code: 78, stdout: '', stderr: 'Invalid configuration:\n  PORT: must be a port number\n' });
    // Node 20 reads --env-file itself, wherever it stands, before Sower's code runs: a missing file stops it with exit
    // code 9 and one line naming it; where Node leaves the option alone, server/cli.ts says the same in its own words.
    const missing = await run(['check', '--env-file', join(dir, 'none.env')]);
    expect(missing.code).not.toBe(0);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(new RegExp(`^[^\\n]*${join(dir, 'none.env')}[^\\n]*\\n$`));
  });

  it('migrates an empty database, checks it, and writes its files to a private cache once', async () => {
    expect((await run(['migrate'])).stdout).toMatch(/^Applied \d+ migrations: schema version \d+\n$/);
    const check = await run(['check']);
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/^ok {3}schema: version \d+, current$/m);
    const [copy] = readdirSync(join(dir, 'cache', 'sower'));
    expect(statSync(join(dir, 'cache', 'sower', copy)).mode & 0o777).toBe(0o700);
    expect(readdirSync(join(dir, 'cache', 'sower', copy)).sort()).toEqual(['.complete', 'db', 'dist', 'native']);
  });

  it('ends with one complete copy of its files when two start at once on an empty cache', async () => {
    const cache = join(dir, 'race-cache');
    const both = await Promise.all([run(['--version'], { XDG_CACHE_HOME: cache }), run(['--version'], { XDG_CACHE_HOME: cache })]);
    expect(both.map((result) => result.code)).toEqual([0, 0]);
    const copies = readdirSync(join(cache, 'sower'));
    expect(copies).toHaveLength(1);
    expect(readdirSync(join(cache, 'sower', copies[0]))).toContain('.complete');
  });

  it('serves the API and the client, backs up while serving, and a restored copy serves a second server', async () => {
    const first = await serve();
    try {
      expect(await (await fetch(`${first.base}/healthz`)).json()).toEqual({ status: 'ok' });
      const registered = await json(first.base, '/api/auth/register', { username: 'operator', email: 'operator@example.com', password: 'longenough1' });
      expect(registered.status).toBe(201);
      const login = await json(first.base, '/api/auth/login', { username: 'operator', password: 'longenough1' });
      expect(login.status).toBe(200);
      const index = await fetch(`${first.base}/login`);
      expect(index.status).toBe(200);
      const html = await index.text();
      const asset = /\/assets\/[\w-]+\.js/.exec(html)![0];
      const compressed = await fetch(first.base + asset, { headers: { 'accept-encoding': 'br' } });
      expect(compressed.status).toBe(200);
      expect(compressed.headers.get('content-encoding')).toBe('br');
      expect(compressed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

      const backup = await run(['backup', join(dir, 'copy.db')]);
      expect(backup.stdout).toMatch(/^Backed up .* to .*copy\.db in \d+ ms\n$/);
    } finally {
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    }
    const elsewhere = { SOWER_DATA_DIR: join(dir, 'restored') };
    expect((await run(['restore', join(dir, 'copy.db')], elsewhere)).stdout).toMatch(/^Restored .*copy\.db to .*restored\/sower\.db\n$/);
    const second = await serve(elsewhere);
    try {
      expect((await json(second.base, '/api/auth/login', { username: 'operator', password: 'longenough1' })).status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });

  it('serves as an unprivileged user from a read-only executable, writing only its data directory', async () => {
    // Run by root (this machine's tests): as nobody, with a data directory that is nobody's. Otherwise the test's own
    // user is the unprivileged one.
    const asRoot = process.getuid?.() === 0;
    const home = mkdtempSync(join(tmpdir(), 'sower-unprivileged-'));
    chmodSync(home, 0o755);
    const executable = join(home, 'sower');
    copyFileSync(sower, executable);
    chmodSync(executable, 0o555);
    const data = join(home, 'data');
    mkdirSync(data, { mode: 0o700 });
    if (asRoot) chownSync(data, 65534, 65534);
    try {
      const child = spawn(executable, ['serve'], {
        cwd: home,
        env: { PATH: '/nonexistent', HOME: data, SOWER_DATA_DIR: data, PORT: '0', LOG_REQUESTS: 'false', ...unitTuning },
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
      });
      const server = await listening(child);
      try {
        expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
        expect((await json(server.baseUrl, '/api/auth/register', { username: 'humble', email: 'humble@example.com', password: 'longenough1' })).status).toBe(
          201,
        );
        if (asRoot) expect(statSync(join(data, 'sower.db')).uid).toBe(65534);
        expect(statSync(join(data, 'sower.db')).mode & 0o777).toBe(0o600);
        // Nothing written beside the executable.
        expect(readdirSync(home).sort()).toEqual(['data', 'sower']);
      } finally {
        child.kill('SIGTERM');
        await server.exited;
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it.runIf(process.getuid?.() === 0)("run by root (sudo), acts as the data directory's owner: its files stay that user's", async () => {
    // As docs/deploy.md has the operator run it: `sudo sower backup --env-file /etc/sower/sower.env`, the file root's
    // alone, the data directory the service user's, no XDG_CACHE_HOME: the file cache goes beside the database.
    const { parent: home, data } = nobodysDataDirectory('sower-sudo-');
    const envFile = join(home, 'sower.env');
    writeFileSync(envFile, `SOWER_DATA_DIR=${data}\nPORT=4331\n`, { mode: 0o600 });
    const asOperator = (args: string[]) => commandOutcome(sower, [...args, '--env-file', envFile], { cwd: home, env: { PATH: '/nonexistent', HOME: '/root' } });
    try {
      const check = await asOperator(['check']);
      expect(check.stdout).toMatch(/configuration: valid \(file:.*\/data\/sower\.db, 127\.0\.0\.1:4331\)/);
      const backup = await asOperator(['backup']);
      expect(backup.stderr).toBe('');
      const made = /to (\S+) in/.exec(backup.stdout)![1];
      const cache = join(data, 'cache');
      for (const path of [join(data, 'sower.db'), made, cache, join(cache, readdirSync(cache)[0])]) expect(statSync(path).uid).toBe(65534);
      // A backup only root may read is named, not taken for a missing one.
      const hidden = join(home, 'root-only');
      mkdirSync(hidden, { mode: 0o700 });
      copyFileSync(made, join(hidden, 'copy.db'));
      const restore = await asOperator(['restore', join(hidden, 'copy.db')]);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toBe(`User nobody cannot read ${join(hidden, 'copy.db')} (EACCES): put it where the data directory's owner can read it\n`);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('carries a browser through sign-in, logging an activity and seeing it on the dashboard the server rendered', async () => {
    const server = await serve();
    const browser = await chromium.launch(chromiumLaunch);
    try {
      const page = await browser.newPage({ baseURL: server.base });
      await page.goto('/login');
      await page.getByLabel('Username').fill('operator');
      await page.getByLabel('Password').fill('longenough1');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await page.goto('/activities');
      await page.getByRole('button', { name: 'Log your first activity' }).click();
      const dialog = page.getByRole('dialog', { name: 'Log Activity' });
      await dialog.getByLabel('Contact name').fill('Lydia');
      await dialog.getByLabel('Notes').fill('Met by the river');
      await dialog.getByRole('button', { name: 'Log Activity' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // Rendered by the executable's own server renderer (issue 32): the page's HTML holds the activity already.
      const html = await (await page.goto('/'))!.text();
      expect(html).toContain('id="sower-state"');
      expect(html).toContain('Lydia');
      const recent = page.getByRole('region', { name: 'Recent Activities' });
      await recent.getByText('Lydia').waitFor();
      expect(await recent.getByText('Lydia').count()).toBeGreaterThan(0);
    } finally {
      await browser.close();
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
