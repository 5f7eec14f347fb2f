// The closed sets and defaults of Sower's nudges (issue 16): who needs attention, repeating follow-ups, Pray today and the
// daily reminders. Free of zod and database imports, like shared/vocabulary.ts, so a screen can read them cheaply.
import type { SpiritualStatus } from './vocabulary';

/** A repeating follow-up's interval unit. */
export const repeatUnits = ['day', 'week', 'month'] as const;
export type RepeatUnit = (typeof repeatUnits)[number];

/** What the next follow-up of a series counts from: this one's date, or when this one was completed. */
export const repeatBases = ['date', 'completion'] as const;
export type RepeatBasis = (typeof repeatBases)[number];

/** Days without a touch after which a contact needs attention, by spiritual status (each editable in Settings). */
export const defaultAttentionDays: Record<SpiritualStatus, number> = {
  exploring: 14,
  seeking: 7,
  new_believer: 7,
  growing: 21,
  mature: 45,
  unknown: 30,
};

/** The bounds of an attention threshold, in days. */
export const ATTENTION_DAYS_MIN = 1;
export const ATTENTION_DAYS_MAX = 365;

/** How many requests the Pray today list holds by default, and at most. */
export const PRAY_TODAY_DEFAULT = 5;
export const PRAY_TODAY_MAX = 20;

/** A daily digest's send: claimed by a scheduler ('sending'), then done once every channel has answered ('sent'). */
export const digestStatuses = ['sending', 'sent'] as const;

/** The longest a contact or a follow-up can be snoozed, in days from now. */
export const SNOOZE_MAX_DAYS = 366;

/**
 * What 'Any changes spiritually?' counts from, so the prompt can say it: the person was added and their status never
 * changed since, it last changed, or the user last answered 'No change'.
 */
export const spiritualCheckSince = ['added', 'changed', 'checked'] as const;
export type SpiritualCheckSince = (typeof spiritualCheckSince)[number];
