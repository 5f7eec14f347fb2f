// The VAPID key pair this server signs its Web Push requests with: from the environment when given, else made once and
// kept in the database (app_secrets), so every process on one database and every restart signs with the same keys.
import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { Database } from '../../db/client';
import { appSecrets } from '../../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const NAME = 'vapid';

/** Reads the kept pair, or makes one; two processes racing both keep the first one written. */
export async function loadVapidKeys(database: Database, given?: { publicKey?: string; privateKey?: string }): Promise<VapidKeys> {
  if (given?.publicKey && given.privateKey) return { publicKey: given.publicKey, privateKey: given.privateKey };
  const read = async () => (await database.read.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, NAME)))[0];
  let row = await read();
  if (!row) {
    const made = webPush.generateVAPIDKeys();
    await database.write((tx) =>
      tx
        .insert(appSecrets)
        .values({ name: NAME, value: JSON.stringify(made) })
        .onConflictDoNothing(),
    );
    row = await read();
  }
  const keys = JSON.parse(row!.value) as VapidKeys;
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
