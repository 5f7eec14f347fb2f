// Configuration: defaults, validation messages, and a start that stops clearly on bad values.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env';

const run = promisify(execFile);

describe('configuration', () => {
  it('defaults to port 3000 on an embedded file database', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe('file:./data/sower.db');
    expect(env.COOKIE_SECURE).toBe('auto');
  });

  it('accepts libsql:// and https:// database URLs with a token', () => {
    expect(parseEnv({ DATABASE_URL: 'libsql://sower.example.turso.io', DATABASE_AUTH_TOKEN: 't' }).DATABASE_URL).toMatch(/^libsql:/);
    expect(parseEnv({ DATABASE_URL: 'https://db.example.com' }).DATABASE_URL).toMatch(/^https:/);
  });

  it('names each bad variable in one message', () => {
    expect(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'postgres://x', COOKIE_SECURE: 'maybe' })).toThrow(
      /Invalid configuration:[\s\S]*PORT[\s\S]*DATABASE_URL: must start with file:[\s\S]*COOKIE_SECURE/,
    );
  });

  it('stops the start with exit code 1 and a clear message on bad configuration', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...process.env, PORT: '99999' } }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect((failure as { code: number }).code).toBe(1);
    expect((failure as { stderr: string }).stderr).toMatch(/Invalid configuration:\s+PORT/);
  });

  it('stops with a clear message when a libSQL server cannot be reached', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: '0', DATABASE_URL: 'http://127.0.0.1:59999' },
      timeout: 20_000,
    }).catch((error: { code: number; stderr: string }) => error);
    expect((failure as { code: number }).code).toBe(1);
    expect((failure as { stderr: string }).stderr).toMatch(/Cannot migrate the database at http:\/\/127.0.0.1:59999: .*(ECONNREFUSED|fetch failed)/i);
  });
});
