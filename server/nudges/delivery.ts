// What the reminders can use on this server: email when SMTP_URL is set, Web Push with this server's VAPID keys.
import type { Database } from '../../db/client';
import type { Env } from '../env';
import { loadVapidKeys, type VapidKeys } from './vapid';

export interface ReminderServices {
  /** Whether email reminders can go out (SMTP_URL is set). */
  readonly emailAvailable: boolean;
  /** The VAPID key pair (read or made on first use, then kept for the process's life). */
  vapidKeys(): Promise<VapidKeys>;
  /** Hosts a push subscription may name besides the known push services (PUSH_ALLOWED_HOSTS). */
  readonly pushAllowedHosts: readonly string[];
}

export function reminderServices(env: Pick<Env, 'SMTP_URL' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'> & Partial<Pick<Env, 'PUSH_ALLOWED_HOSTS'>>, database: Database): ReminderServices {
  let keys: Promise<VapidKeys> | null = null;
  return {
    emailAvailable: Boolean(env.SMTP_URL),
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
