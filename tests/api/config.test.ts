// Configuration: defaults, validation messages, a start that stops clearly on bad values, and libSQL server URLs.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { parseEnv } from '../../server/env';
import { bundled } from './process';

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

  it('validates a given VAPID key pair at start: base64url keys of the right sizes, both or neither', async () => {
    const { generateVAPIDKeys } = await import('web-push');
    const { publicKey, privateKey } = generateVAPIDKeys();
    expect(parseEnv({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).VAPID_PUBLIC_KEY).toBe(publicKey);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: publicKey.slice(0, -2), VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: must be a base64url P-256 public key \(65 bytes, starting 0x04\)/,
    );
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: `${privateKey}=` })).toThrow(
      /VAPID_PRIVATE_KEY: must be a base64url P-256 private key \(32 bytes\)/,
    );
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: privateKey + privateKey.slice(0, 44), VAPID_PRIVATE_KEY: privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/VAPID_PRIVATE_KEY: give both or neither/);
  });

  it('names each bad variable in one message', () => {
    expect(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'postgres://x', COOKIE_SECURE: 'maybe' })).toThrow(
      /Invalid configuration:[\s\S]*PORT[\s\S]*DATABASE_URL: must start with file:[\s\S]*COOKIE_SECURE/,
    );
  });

  it('stops the start with exit code 78 (no restart mends it) and a clear message on bad configuration', async () => {
    const failure = await run(process.execPath, [bundled('main')], { env: { ...process.env, PORT: '99999' } }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect((failure as { code: number }).code).toBe(78);
    expect((failure as { stderr: string }).stderr).toMatch(/Invalid configuration:\s+PORT/);
  });

  it('stops with a clear message when a libSQL server cannot be reached', async () => {
    const failure = await run(process.execPath, [bundled('main')], {
      env: { ...process.env, PORT: '0', DATABASE_URL: 'http://127.0.0.1:59999' },
      timeout: 20_000,
    }).catch((error: { code: number; stderr: string }) => error);
    expect((failure as { code: number }).code).toBe(1);
    expect((failure as { stderr: string }).stderr).toMatch(/Cannot migrate the database at http:\/\/127.0.0.1:59999: .*(ECONNREFUSED|fetch failed)/i);
  });
});

describe('a libSQL server URL', () => {
  it('sends the auth token to the server named by DATABASE_URL and stops clearly when it refuses', async () => {
    const seen: { authorization?: string; path?: string }[] = [];
    const refusing = createServer((req, res) => {
      seen.push({ authorization: req.headers.authorization, path: req.url });
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Unauthorized' }));
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
    try {
      const failure = await run(process.execPath, [bundled('main')], {
        env: { ...process.env, PORT: '0', DATABASE_URL: url, DATABASE_AUTH_TOKEN: 'token-from-env' },
        timeout: 20_000,
      }).catch((error: { code: number; stderr: string }) => error);
      expect((failure as { code: number }).code).toBe(1);
      expect((failure as { stderr: string }).stderr).toContain(`Cannot migrate the database at ${url}:`);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen[0]).toMatchObject({ authorization: 'Bearer token-from-env' });
    } finally {
      refusing.close();
    }
  });

  it('stops with a clear message when a libsql:// server cannot be reached', async () => {
    const failure = await run(process.execPath, [bundled('main')], {
      env: { ...process.env, PORT: '0', DATABASE_URL: 'libsql://127.0.0.1:59998?tls=0' },
      timeout: 20_000,
    }).catch((error: { code: number; stderr: string }) => error);
    expect((failure as { code: number }).code).toBe(1);
    expect((failure as { stderr: string }).stderr).toMatch(
      /Cannot migrate the database at libsql:\/\/127.0.0.1:59998\?tls=0: .*(ECONNREFUSED|fetch failed|connect)/i,
    );
  });

  it('uses one remote client for reads and writes and creates no local file', async () => {
    const database = await openDatabase({ url: 'http://127.0.0.1:59997', authToken: 't' });
    try {
      expect(database.isFile).toBe(false);
      expect(database.readerClient).toBe(database.writerClient);
      await expect(database.readerClient.execute('select 1')).rejects.toThrow(/ECONNREFUSED|fetch failed/i);
    } finally {
      database.close();
    }
  });
});
