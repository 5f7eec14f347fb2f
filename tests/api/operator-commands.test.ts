// The operator's commands (issue 31) run as `node server/main.ts <command>`, as the single executable runs them: each
// failure an operator can cause is one sentence and a non-zero exit; backups are 0600, dated and pruned; a restore waits
// for the server to stop; a newer schema refuses to start; a migration is preceded by a backup.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { migrationsFolder, prepareDatabase } from '../../db/migrate';
import { version } from '../../package.json';
import { startSmtp } from './mail';
import { bundled, commandOutcome, listening, nobodysDataDirectory, registerOn, spawnServer } from './process';

let dir: string;
/** server/main.ts bundled as for `npm start` (tests/api/bundle.ts): a command starts without tsx compiling the server. */
const bundle = bundled('main');

/** `sower <args>` from the clone, with its own data directory: its exit code and output. */
function sower(args: string[], env: Record<string, string> = {}) {
  return commandOutcome(process.execPath, [bundle, ...args], { env: { ...process.env, SOWER_DATA_DIR: join(dir, 'data'), LOG_REQUESTS: 'false', ...env } });
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sower-commands-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A budget per test of a minute, not a bound: each runs up to three commands one after another, each a Node process
// loading the bundled server; with the other API worker and a browser suite beside it, three took over 20 s.
describe('sower commands', { timeout: 60_000 }, () => {
  it('prints the version and the help', async () => {
    expect((await sower(['--version'])).stdout.trim()).toBe(version);
    const help = await sower(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: sower \[command\] \[--env-file <file>\]/);
    const wrong = await sower(['frob']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^Unknown command frob\n/);
  });

  it('migrates an empty database into a 0700 data directory with 0600 files, then says it is current', async () => {
    const first = await sower(['migrate']);
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(/^Applied \d+ migrations: schema version \d+\n$/);
    expect((await sower(['migrate'])).stdout).toMatch(/^The schema is current \(version \d+\)\n$/);
    expect(modeOf(join(dir, 'data'))).toBe(0o700);
    expect(modeOf(join(dir, 'data', 'sower.db'))).toBe(0o600);
    const check = await sower(['check']);
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/^ok {3}configuration: valid/m);
    expect(check.stdout).toMatch(/^ok {3}schema: version \d+, current$/m);
    expect(check.stdout).toMatch(/^ok {3}disk: [\d,]+ MB free beside the database$/m);
  });

  // Node 20 itself also reads an --env-file given after the script (and exits 9 when it is missing); the executable's
  // own test (tests/sea) checks the missing file's sentence.
  it('reads its configuration from --env-file, the environment winning', async () => {
    const file = join(dir, 'sower.env');
    writeFileSync(file, `PORT=4321\nSOWER_DATA_DIR=${join(dir, 'data')}\n`, { mode: 0o600 });
    expect((await sower(['check', '--env-file', file])).stdout).toMatch(/configuration: valid \(file:.*sower\.db, 127\.0\.0\.1:4321\)/);
    expect((await sower(['check', `--env-file=${file}`], { PORT: '4322' })).stdout).toMatch(/127\.0\.0\.1:4322/);
  });

  it.runIf(process.getuid?.() === 0)('run by root, acts as the owner of a data directory another user owns', async () => {
    // As an operator runs it: `sudo sower backup --env-file /etc/sower/sower.env`, the file root's alone.
    const { parent, data } = nobodysDataDirectory('sower-owned-');
    const file = join(dir, 'root-only.env');
    writeFileSync(file, 'PORT=4329\n', { mode: 0o600 });
    const owned = { SOWER_DATA_DIR: data };
    expect((await sower(['migrate', '--env-file', file], owned)).code).toBe(0);
    expect((await sower(['check', '--env-file', file], owned)).stdout).toMatch(/configuration: valid \(file:.*data\/sower\.db, 127\.0\.0\.1:4329\)/);
    const backup = await sower(['backup', '--env-file', file], owned);
    expect(backup.stderr).toBe('');
    const made = /to (\S+) in/.exec(backup.stdout)![1];
    for (const path of [join(data, 'sower.db'), join(data, 'backups'), made]) expect(statSync(path).uid).toBe(65534);
    rmSync(parent, { recursive: true, force: true });
  });

  it('fails check, in one line, on a database it cannot reach, and stops on a bad value naming it', async () => {
    const unreachable = await sower(['check'], { DATABASE_URL: 'http://127.0.0.1:9' });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stdout).toMatch(/^FAIL database: Cannot migrate the database at http:\/\/127\.0\.0\.1:9: .+$|^FAIL database: .+$/m);
    const bad = await sower(['check'], { PORT: 'abc', COOKIE_SECURE: 'maybe' });
    expect(bad).toEqual({ code: 1, stdout: 'FAIL configuration: PORT: must be a port number; COOKIE_SECURE: must be auto, true or false\n', stderr: '' });
    const badServe = await sower(['serve'], { PORT: 'abc' });
    expect(badServe.code).toBe(78);
    expect(badServe.stderr).toBe('Invalid configuration:\n  PORT: must be a port number\n');
  });

  it('stops with one sentence when the data directory cannot be made', async () => {
    // A file where a folder should be: refused to root as well (a folder without write permission is not).
    const blocker = join(dir, 'blocker');
    writeFileSync(blocker, '');
    const result = await sower(['migrate'], { SOWER_DATA_DIR: join(blocker, 'data') });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`Cannot create the data directory ${join(blocker, 'data')}: ENOTDIR (set SOWER_DATA_DIR to a folder this user may write)\n`);
  });

  it('sends a test email through the configured SMTP server, and checks it answers', async () => {
    const smtp = await startSmtp();
    try {
      const sent = await sower(['mail-test', 'operator@example.com'], { SMTP_URL: smtp.url });
      expect(sent.stderr).toBe('');
      expect(sent.stdout).toMatch(/^Sent to operator@example\.com; the SMTP server answered: 250 .+\n$/);
      expect(smtp.received.map(({ to, mail }) => [to, mail.subject])).toEqual([[['operator@example.com'], 'Sower: test email']]);
      const check = await sower(['check'], { SMTP_URL: smtp.url });
      expect(check.stdout).toMatch(new RegExp(`^ok {3}smtp: ${new URL(smtp.url).host} answers and accepts this login$`, 'm'));
      // Refused by the server: the command says so, in one line.
      smtp.refuse.add('nobody@example.com');
      const refused = await sower(['mail-test', 'nobody@example.com'], { SMTP_URL: smtp.url });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^The SMTP server refused the test email: .*450.*\n$/);
    } finally {
      await smtp.close();
    }
    // Nothing listens: check fails its smtp line, and only that.
    const down = await sower(['check'], { SMTP_URL: 'smtp://127.0.0.1:9' });
    expect(down.code).toBe(1);
    expect(down.stdout).toMatch(/^FAIL smtp: 127\.0\.0\.1:9: .*ECONNREFUSED.*$/m);
    expect(down.stdout.match(/^FAIL/gm)).toHaveLength(1);
  });

  it('stops with one sentence when its port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const result = await sower(['serve'], { PORT: String(port) });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`Port ${port} on 127.0.0.1 is in use by another program: stop it, or set PORT to a free port\n`);
    } finally {
      taken.close();
    }
  });

  it('backs up while serving into dated 0600 files, keeps the newest n, and restores only once the server has stopped', async () => {
    const data = join(dir, 'data');
    const server = await spawnServer({ SOWER_DATA_DIR: data, DATABASE_URL: `file:${join(data, 'sower.db')}` });
    try {
      await registerOn(server.baseUrl, 'keeper');
      const made: string[] = [];
      for (let i = 0; i < 3; i++) {
        const result = await sower(['backup', '--keep', '2']);
        expect(result.code).toBe(0);
        made.push(/to (\S+) in/.exec(result.stdout)![1]);
      }
      const kept = readdirSync(join(data, 'backups')).filter((name) => /^sower-\d/.test(name));
      expect(kept.sort()).toEqual(
        made
          .slice(1)
          .map((path) => path.split('/').at(-1)!)
          .sort(),
      );
      for (const name of kept) expect(modeOf(join(data, 'backups', name))).toBe(0o600);
      expect((await sower(['backup', made[2]])).stderr).toBe(`${made[2]} already exists: choose a new file name\n`);

      const refused = await sower(['restore', made[2]]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /^A Sower server \(process \d+\) is using .*sower\.db: stop it first \(systemctl stop sower\), then restore\. If no Sower server is running, delete .*sower\.db\.pid\n$/,
      );
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const restored = await sower(['restore', made[2]]);
      expect(restored.stdout).toMatch(/^Restored .* to .*sower\.db\n$/);
      expect(modeOf(join(data, 'sower.db'))).toBe(0o600);
    } finally {
      server.child.kill('SIGKILL');
    }
    // The restored database serves the account the backup holds.
    const again = await spawnServer({ SOWER_DATA_DIR: data, DATABASE_URL: `file:${join(data, 'sower.db')}` });
    try {
      const res = await fetch(`${again.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: again.baseUrl },
        body: JSON.stringify({ username: 'keeper', password: 'longenough1' }),
      });
      expect(res.status).toBe(200);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 60_000);

  it('prints a one-time reset link for a named user while the server runs, and names a user it cannot find', async () => {
    const data = join(dir, 'resets');
    const env = { SOWER_DATA_DIR: data, DATABASE_URL: `file:${join(data, 'sower.db')}` };
    const server = await spawnServer(env);
    try {
      await registerOn(server.baseUrl, 'forgetful');
      const made = await sower(['reset-link', 'Forgetful'], { ...env, PUBLIC_URL: server.baseUrl });
      expect(made.stderr).toBe('');
      expect(made.code).toBe(0);
      const lines = made.stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^A link for forgetful to choose a new password \(it works once, until \d{4}-\d\d-\d\d \d\d:\d\d UTC\):$/);
      const link = new URL(lines[1]);
      expect(link.origin + link.pathname).toBe(`${server.baseUrl}/reset-password`);
      const reset = (body: object) =>
        fetch(`${server.baseUrl}/api/auth/password-reset/complete`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.baseUrl },
          body: JSON.stringify(body),
        });
      const token = link.searchParams.get('token');
      expect((await reset({ token, password: 'chosen by me now' })).status).toBe(200);
      expect((await reset({ token, password: 'and again by someone' })).status).toBe(400);
      const login = await fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ username: 'forgetful', password: 'chosen by me now' }),
      });
      expect(login.status).toBe(200);

      const unknown = await sower(['reset-link', 'nobody'], env);
      expect([unknown.code, unknown.stderr]).toEqual([1, 'No account has the username "nobody"\n']);
      const bare = await sower(['reset-link'], env);
      expect(bare.code).toBe(2);
      expect(bare.stderr).toMatch(/^reset-link needs the username: sower reset-link <username>\n/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 60_000);

  it('backs up before applying a migration, and refuses a database a newer release migrated, naming both versions', async () => {
    // The release before: the committed migrations without the last one.
    const older = join(dir, 'older-migrations');
    cpSync(migrationsFolder, older, { recursive: true });
    const journalPath = join(older, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
    const last = journal.entries.pop();
    unlinkSync(join(older, `${last.tag}.sql`));
    writeFileSync(journalPath, JSON.stringify(journal));
    const data = join(dir, 'versions');
    const served = join(dir, 'versions-served');
    for (const folder of [data, served]) {
      mkdirSync(folder, { mode: 0o700 });
      const database = await openDatabase({ url: `file:${join(folder, 'sower.db')}` });
      await prepareDatabase(database, older);
      database.close();
    }
    const url = `file:${join(data, 'sower.db')}`;

    const upgraded = await sower(['migrate'], { SOWER_DATA_DIR: data });
    expect(upgraded.code).toBe(0);
    expect(upgraded.stdout).toMatch(/^Applied 1 migration: schema version \d+; the database before is in .*\/backups\/sower-before-.*\.db\n$/);
    const before = readdirSync(join(data, 'backups')).filter((name) => name.startsWith(`sower-before-${version}-`));
    expect(before).toHaveLength(1);
    expect(modeOf(join(data, 'backups', before[0]))).toBe(0o600);

    // `serve` does the same at its start, and logs it.
    const child = spawn(process.execPath, [bundle, 'serve'], {
      env: { ...process.env, SOWER_DATA_DIR: served, PORT: '0', LOG_REQUESTS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout!.on('data', (chunk) => (log += chunk));
    const server = await listening(child);
    child.kill('SIGTERM');
    await server.exited;
    const first = JSON.parse(log.split('\n')[0]) as { level: string; message: string };
    expect(first.level).toBe('info');
    expect(first.message).toMatch(/^Applied 1 migration: schema version \d+; the database before is in .*versions-served\/backups\/sower-before-.*\.db$/);

    // A migration this release does not know.
    const reopened = await openDatabase({ url });
    const known = journal.entries.length + 1;
    await reopened.writerClient.execute("insert into __drizzle_migrations (hash, created_at) values ('from-the-future', 4102444800000)");
    reopened.close();
    for (const command of ['migrate', 'serve']) {
      const newer = await sower([command], { SOWER_DATA_DIR: data, PORT: '0' });
      expect(newer.code).toBe(78);
      expect(newer.stderr).toBe(
        `The database at ${url} has schema version ${known + 1}, newer than this Sower ${version} knows (${known}): run the release that upgraded it, or restore the backup taken before that upgrade\n`,
      );
    }
  });
});
