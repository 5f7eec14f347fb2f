// A user's nudge and reminder settings (db/schema.ts userSettings), with every default filled in for a user who has no row.
import { eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { userSettings } from '../../db/schema';
import { defaultAttentionDays, PRAY_TODAY_DEFAULT } from '../../shared/nudges';
import type { SpiritualStatus } from '../../shared/vocabulary';

export type UserSettingsRow = typeof userSettings.$inferSelect;

export interface UserSettings extends Omit<UserSettingsRow, 'attentionDays' | 'userId'> {
  /** Every status's threshold in days: the user's own where they set one, the default elsewhere. */
  attentionDays: Record<SpiritualStatus, number>;
}

const defaults: Omit<UserSettingsRow, 'userId' | 'attentionDays'> = {
  prayTodayCount: PRAY_TODAY_DEFAULT,
  datesAheadDays: 14,
  remindersOn: false,
  reminderHour: 8,
  timeZone: null,
  byEmail: true,
  byPush: true,
  includeFollowUps: true,
  includeAttention: true,
  includePrayers: true,
  discreet: false,
  unsubscribeToken: null,
  nextDigestAt: null,
  notificationChoices: null,
};

/** The settings of a row (or of none): defaults filled in. */
export function settingsOf(row: UserSettingsRow | undefined): UserSettings {
  const { userId: _userId, attentionDays, ...rest } = row ?? { userId: 0, attentionDays: null, ...defaults };
  return { ...rest, attentionDays: { ...defaultAttentionDays, ...(attentionDays ?? {}) } };
}

export async function readSettings(db: Queryable, userId: number): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return settingsOf(row);
}

/** Writes some settings of a user inside a write's transaction, making their row when they have none; answers the whole row. */
export async function writeSettings(tx: Tx, userId: number, patch: Partial<Omit<UserSettingsRow, 'userId'>>): Promise<UserSettings> {
  const [row] = await tx
    .insert(userSettings)
    .values({ userId, ...patch })
    .onConflictDoUpdate({ target: userSettings.userId, set: Object.keys(patch).length ? patch : { userId } })
    .returning();
  return settingsOf(row);
}
