// A Sower export read back for an import: each record held to the rules of its normal create, a slice per event-loop turn.
import { z } from 'zod';
import { fmt, msg } from '../../shared/i18n';
import { contactCreateInput, spiritualStatusSchema } from '../schemas/contacts';
import { activityCreateInput } from '../schemas/activities';
import { followUpCreateInput } from '../schemas/followUps';
import { prayerCreateInput } from '../schemas/prayerRequests';
import { goalCreateInput } from '../schemas/goals';
import { dateInput, id } from '../schemas/common';
import { LIMITS } from '../schemas/limits';

/** Rows validated between two turns. */
const VALIDATE_SLICE = 500;

export const NOT_A_SOWER_EXPORT = msg('This file is not a Sower export.');

/** What a row of any list must at least be: an object. The fields are checked by each kind's own create schema. */
const row = z.record(z.string(), z.unknown());
const rows = z.array(row).default([]);

/** The parts of an export an import reads or counts; anything else in the file is left alone. */
const exportFile = z.object({
  exportedAt: z.string(),
  user: z.object({ id }),
  contacts: rows,
  activities: rows,
  followUps: rows,
  prayerRequests: rows,
  goals: rows,
  statusChanges: rows,
  teams: rows,
  snoozes: rows,
  pushDevices: rows,
});

const ownership = z.object({ id, teamId: id.nullable().default(null), createdBy: id.nullish() });
const contactOf = z.object({ contactId: id });
const prayedCount = z.number().int().min(0).max(LIMITS.count).default(0);
const completedAt = dateInput().nullish();
const statusChange = z.object({ contactId: id, fromStatus: spiritualStatusSchema.nullable(), toStatus: spiritualStatusSchema, changedAt: dateInput() });

export type ImportedContact = z.output<typeof contactCreateInput> & { oldId: number };
export type ImportedActivity = z.output<typeof activityCreateInput> & { oldContactId: number };
export type ImportedFollowUp = z.output<typeof followUpCreateInput> & {
  oldId: number;
  oldContactId: number;
  oldSeriesId: number | null;
  completedAt: Date | null;
};
export type ImportedPrayer = z.output<typeof prayerCreateInput> & { oldContactId: number; prayedCount: number };
export type ImportedGoal = z.output<typeof goalCreateInput>;
export type ImportedStatusChange = z.output<typeof statusChange>;

export interface ExportPlan {
  contacts: ImportedContact[];
  activities: ImportedActivity[];
  followUps: ImportedFollowUp[];
  prayerRequests: ImportedPrayer[];
  goals: ImportedGoal[];
  statusChanges: ImportedStatusChange[];
  skipped: {
    /** Teams and memberships: an account cannot bring its teams along; it is invited again. */
    teams: number;
    /** Push devices: a browser subscribes again from the new account. */
    pushDevices: number;
    /** Snoozes of the attention list: short-lived, and about the old account's day. */
    snoozes: number;
    /** Records in a team, or written by someone else: they belong to the team (decision 007). */
    teamRecords: number;
    /** Records about a contact the file does not bring (a team's or a teammate's). */
    otherContacts: number;
  };
}

/** A row that breaks its create's rules: the whole import is refused, naming the list and the row. */
export class ExportRowProblem extends Error {
  constructor(
    readonly list: string,
    readonly row: number,
    readonly reason: string,
  ) {
    super(fmt('{list}, row {row}: {reason}', { list, row, reason }));
  }
}

const LIST_LABELS = {
  contacts: msg('Contacts'),
  activities: msg('Activities'),
  followUps: msg('Follow-ups'),
  prayerRequests: msg('Prayer requests'),
  goals: msg('Goals'),
  statusChanges: msg('Status history'),
} as const;

/** Parses `value` with `schema`, or throws the row's first problem. */
function checked<Schema extends z.ZodType>(schema: Schema, value: unknown, list: keyof typeof LIST_LABELS, index: number): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ExportRowProblem(LIST_LABELS[list], index + 1, result.error.issues[0]?.message ?? NOT_A_SOWER_EXPORT);
  return result.data;
}

/**
 * The records of an export's text to write into the importer's account, each checked by the schema its normal create
 * procedure uses, so an import writes nothing the API would refuse. Only the exporting user's own personal records come
 * along: team records and records about contacts the file does not hold are counted and skipped. Throws
 * NOT_A_SOWER_EXPORT (as an Error) for a file that is not one, ExportRowProblem for a record that breaks a rule.
 */
export async function readExport(text: string, pause: () => Promise<void>): Promise<ExportPlan> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(NOT_A_SOWER_EXPORT);
  }
  const parsed = exportFile.safeParse(json);
  if (!parsed.success) throw new Error(NOT_A_SOWER_EXPORT);
  const file = parsed.data;
  const owner = file.user.id;
  const plan: ExportPlan = {
    contacts: [],
    activities: [],
    followUps: [],
    prayerRequests: [],
    goals: [],
    statusChanges: [],
    skipped: { teams: file.teams.length, pushDevices: file.pushDevices.length, snoozes: file.snoozes.length, teamRecords: 0, otherContacts: 0 },
  };
  let done = 0;
  const slice = async () => {
    if (++done % VALIDATE_SLICE === 0) await pause();
  };
  /** A personal record of the exporting user; a team's or someone else's is counted. */
  const personal = (value: unknown, list: keyof typeof LIST_LABELS, index: number) => {
    const { teamId, createdBy } = checked(ownership, value, list, index);
    const mine = teamId === null && (createdBy === undefined || createdBy === null || createdBy === owner);
    if (!mine) plan.skipped.teamRecords++;
    return mine;
  };
  const contactIds = new Set<number>();
  /** A record about a contact the file brings; one about another is counted. */
  const aboutKnownContact = (value: unknown, list: keyof typeof LIST_LABELS, index: number) => {
    const { contactId } = checked(contactOf, value, list, index);
    if (!contactIds.has(contactId)) plan.skipped.otherContacts++;
    return contactIds.has(contactId) ? contactId : null;
  };

  for (const [index, contact] of file.contacts.entries()) {
    await slice();
    if (!personal(contact, 'contacts', index)) continue;
    const { name, email, phone, spiritualStatus, notes } = contact;
    const oldId = checked(ownership, contact, 'contacts', index).id;
    plan.contacts.push({ ...checked(contactCreateInput, { name, email, phone, spiritualStatus, notes }, 'contacts', index), oldId });
    contactIds.add(oldId);
  }
  for (const [index, activity] of file.activities.entries()) {
    await slice();
    if (!personal(activity, 'activities', index)) continue;
    const oldContactId = aboutKnownContact(activity, 'activities', index);
    if (oldContactId === null) continue;
    const { type, date, description, notes } = activity;
    plan.activities.push({ ...checked(activityCreateInput, { type, date, description, notes, contactId: oldContactId }, 'activities', index), oldContactId });
  }
  for (const [index, followUp] of file.followUps.entries()) {
    await slice();
    if (!personal(followUp, 'followUps', index)) continue;
    const oldContactId = aboutKnownContact(followUp, 'followUps', index);
    if (oldContactId === null) continue;
    const { date, type, description, completed, repeatEvery, repeatUnit, repeatFrom, seriesId } = followUp;
    const repeat = repeatEvery === null || repeatEvery === undefined ? null : { every: repeatEvery, unit: repeatUnit, from: repeatFrom };
    const fields = checked(followUpCreateInput, { contactId: oldContactId, date, type, description, completed, repeat }, 'followUps', index);
    plan.followUps.push({
      ...fields,
      oldId: checked(ownership, followUp, 'followUps', index).id,
      oldContactId,
      oldSeriesId: checked(id.nullish(), seriesId, 'followUps', index) ?? null,
      completedAt: fields.completed ? (checked(completedAt, followUp.completedAt, 'followUps', index) ?? null) : null,
    });
  }
  for (const [index, prayer] of file.prayerRequests.entries()) {
    await slice();
    if (!personal(prayer, 'prayerRequests', index)) continue;
    const oldContactId = aboutKnownContact(prayer, 'prayerRequests', index);
    if (oldContactId === null) continue;
    const { request, date, answered, answerNotes, answerDate } = prayer;
    plan.prayerRequests.push({
      ...checked(prayerCreateInput, { contactId: oldContactId, request, date, answered, answerNotes, answerDate }, 'prayerRequests', index),
      oldContactId,
      prayedCount: checked(prayedCount, prayer.prayedCount, 'prayerRequests', index),
    });
  }
  for (const [index, goal] of file.goals.entries()) {
    await slice();
    if (!personal(goal, 'goals', index)) continue;
    const { title, description, type, targetCount, currentCount, startsOn, deadline, completed } = goal;
    plan.goals.push(checked(goalCreateInput, { title, description, type, targetCount, currentCount, startsOn, deadline, completed }, 'goals', index));
  }
  for (const [index, change] of file.statusChanges.entries()) {
    await slice();
    const parsedChange = checked(statusChange, change, 'statusChanges', index);
    // A status change has no owner of its own: it follows its contact.
    if (contactIds.has(parsedChange.contactId)) plan.statusChanges.push(parsedChange);
  }
  return plan;
}
