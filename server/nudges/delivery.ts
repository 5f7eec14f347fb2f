// What reminders can use on this server: email when SMTP_URL is set, Web Push with this server's VAPID keys.
import type { Database } from '../../db/client';
import type { Env } from '../env';
import type { Mailer } from './email';
import { loadVapidKeys, type VapidKeys } from './vapid';

export interface ReminderServices {
  /** Whether email can go out (SMTP_URL is set). */
  readonly emailAvailable: boolean;
  /** The SMTP mailer of the process (null without SMTP_URL): digests and confirmation links go through it. */
  readonly mailer: Mailer | null;
  /** The app's address for links in what is sent (PUBLIC_URL, else this process on localhost), without a trailing slash. */
  baseUrl(): string;
  /** Logs what fails after the answer has gone (a confirmation link mailed in the background). */
  log(line: Record<string, unknown>): void;
  /** The VAPID key pair (read or made on first use, then kept for the process's life). */
  vapidKeys(): Promise<VapidKeys>;
  /** Hosts a push subscription may name besides the known push services (PUSH_ALLOWED_HOSTS). */
  readonly pushAllowedHosts: readonly string[];
}

interface Outgoing {
  mailer: Mailer | null;
  baseUrl: () => string;
  log: (line: Record<string, unknown>) => void;
}

const nowhere: Outgoing = { mailer: null, baseUrl: () => 'http://localhost', log: () => undefined };

export function reminderServices(
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'> & Partial<Pick<Env, 'PUSH_ALLOWED_HOSTS'>>,
  database: Database,
  outgoing: Outgoing = nowhere,
): ReminderServices {
  let keys: Promise<VapidKeys> | null = null;
  return {
    emailAvailable: outgoing.mailer !== null,
    mailer: outgoing.mailer,
    baseUrl: outgoing.baseUrl,
    log: outgoing.log,
    pushAllowedHosts: env.PUSH_ALLOWED_HOSTS ?? [],
    vapidKeys() {
      keys ??= loadVapidKeys(database, { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }).catch((error: unknown) => {
        keys = null;
        throw error;
      });
      return keys;
    },
  };
}
