// Reads and validates the configuration once; a bad value stops the start with a clear message.
import { join } from 'node:path';
import { z } from 'zod';
import { NeedsOperator } from './needsOperator';

const booleanText = z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).transform((v) => v === 'true' || v === '1');

const commaList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** A URL's origin (scheme, host and port), as browsers send it in `Origin`. */
const origin = z
  .string()
  .refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), { message: 'must be http(s) URLs' })
  .transform((text) => new URL(text).origin);

/** A key in base64url (no padding) of exactly `bytes` bytes; a public key's first byte is 0x04 (an uncompressed point). */
const base64urlKey = (bytes: number, message: string) =>
  z.string().refine((text) => {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) return false;
    const decoded = Buffer.from(text, 'base64url');
    return decoded.length === bytes && (bytes !== 65 || decoded[0] === 4);
  }, message);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** The data directory: the database (by default), backups and the single executable's cache; created 0700. */
    SOWER_DATA_DIR: z.string().min(1).default('data'),
    DATABASE_URL: z.string().refine((u) => /^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/.test(u), {
      message: 'must start with file:, libsql://, http(s):// or ws(s)://',
    }),
    DATABASE_AUTH_TOKEN: z.string().optional(),
    /** auto: Secure cookies and HSTS when the request came over HTTPS (directly or via a trusted proxy). */
    COOKIE_SECURE: z.enum(['auto', 'true', 'false'], { error: 'must be auto, true or false' }).default('auto'),
    /**
     * How many reverse proxies in front of the app append to X-Forwarded-For (and set X-Forwarded-Proto): false (none,
     * the headers are ignored), true (one, as with the shipped Caddyfile), or a count of hops. The client's address is the
     * entry the outermost trusted proxy added, counted from the right; entries left of it are the client's own writing.
     */
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0', '2', '3', '4', '5'], { error: 'must be true, false or a number of proxies (1-5)' })
      .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)))
      .default(0),
    /** Extra origins allowed to send writes (comma separated), e.g. the public URL behind a proxy. */
    ALLOWED_ORIGINS: commaList.pipe(z.array(origin)),
    /** The address people open Sower at (https://sower.example): its host is served and its origin may write. */
    PUBLIC_URL: origin.optional(),
    /** Further host names the server answers to (comma separated); loopback names always. */
    ALLOWED_HOSTS: commaList.pipe(
      z.array(
        z
          .string()
          .regex(/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/i, 'must be host names without scheme or port')
          .transform((h) => h.toLowerCase()),
      ),
    ),
    /** Where the built client lives; served with the SPA fallback when the folder exists. */
    STATIC_DIR: z.string().default('dist'),
    LOG_REQUESTS: booleanText.default(true),
    /** Failed logins one client address may make in 15 minutes, whatever the username. */
    LOGIN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
    /** Failed logins for one username from one client address in 15 minutes. */
    LOGIN_LIMIT_PER_USERNAME: z.coerce.number().int().min(1).default(10),
    /** Registrations one client address may make in an hour. */
    REGISTER_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
    /** Where reminder emails go out (smtp:// or smtps://user:pass@host:port); without it email reminders are off. */
    SMTP_URL: z
      .string()
      .refine((u) => URL.canParse(u) && /^smtps?:$/.test(new URL(u).protocol), { message: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    /** The sender of reminder emails ("Sower <reminders@sower.example>"). */
    MAIL_FROM: z.string().default('Sower <reminders@localhost>'),
    /** The VAPID key pair of Web Push (base64url), both or neither; without them a pair is made once and kept in the database. */
    VAPID_PUBLIC_KEY: base64urlKey(65, 'must be a base64url P-256 public key (65 bytes, starting 0x04), as web-push generate-vapid-keys prints it').optional(),
    VAPID_PRIVATE_KEY: base64urlKey(32, 'must be a base64url P-256 private key (32 bytes), as web-push generate-vapid-keys prints it').optional(),
    /** Who push services may contact about this server's pushes (mailto: or https: URL). */
    VAPID_SUBJECT: z.string().default('mailto:admin@localhost'),
    /**
     * Hosts a Web Push subscription may name besides the known push services (FCM, Mozilla, Apple, Windows), comma
     * separated: a self-hosted push service, or a test's stub. The server POSTs to these, so name only ones you trust.
     */
    PUSH_ALLOWED_HOSTS: commaList.pipe(
      z.array(
        z
          .string()
          .regex(/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/i, 'must be host names without scheme or port')
          .transform((h) => h.toLowerCase()),
      ),
    ),
    /** How often the reminder scheduler looks for digests due, in seconds. */
    REMINDER_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  })
  .refine((e) => Boolean(e.VAPID_PUBLIC_KEY) === Boolean(e.VAPID_PRIVATE_KEY), { message: 'give both or neither', path: ['VAPID_PRIVATE_KEY'] });

export type Env = z.infer<typeof envSchema>;

/** Every variable the configuration reads (.env.example documents each: tests/unit/env-example.test.ts). */
export const configurationNames = Object.keys(envSchema.shape);

/**
 * Host names the server answers to besides loopback ones: ALLOWED_HOSTS, those of PUBLIC_URL and ALLOWED_ORIGINS, and
 * the interface it listens on when that is a specific address. A request naming any other host is refused, so a
 * page that rebinds its own name to this server's address (DNS rebinding) reaches nothing.
 */
export function allowedHostsOf(env: Pick<Env, 'ALLOWED_HOSTS' | 'PUBLIC_URL' | 'ALLOWED_ORIGINS' | 'HOST'>): string[] {
  const named = [env.PUBLIC_URL, ...env.ALLOWED_ORIGINS].flatMap((url) => (url ? [new URL(url).hostname] : []));
  const listening = ['0.0.0.0', '::', '[::]'].includes(env.HOST)
    ? []
    : [new URL(`http://${env.HOST.includes(':') && !env.HOST.startsWith('[') ? `[${env.HOST}]` : env.HOST}`).hostname];
  return [...new Set([...env.ALLOWED_HOSTS, ...named, ...listening])];
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  // The database lives in the data directory unless DATABASE_URL says otherwise.
  cleaned.DATABASE_URL ??= `file:./${join(cleaned.SOWER_DATA_DIR ?? 'data', 'sower.db')}`.replace('file:.//', 'file:/');
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new NeedsOperator(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function loadEnv(): Env {
  return parseEnv(process.env);
}
