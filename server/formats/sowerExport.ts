// A Sower export read back for an import as it arrives: each record held to the rules of its normal create, a slice per event-loop turn.
import { TokenParser, TokenParserError, Tokenizer, TokenizerError, TokenType } from '@streamparser/json';
import { z } from 'zod';
import { fmt, msg } from '../../shared/i18n';
import { archiveReasons } from '../../shared/vocabulary';
import { contactCreateInput, milestoneKindSchema, spiritualStatusSchema } from '../../shared/schemas/contacts';
import { activityCreateInput } from '../../shared/schemas/activities';
import { followUpCreateInput } from '../../shared/schemas/followUps';
import { prayerCreateInput } from '../../shared/schemas/prayerRequests';
import { prayerListCreateInput, prayerListName } from '../../shared/schemas/prayerLists';
import { goalCreateInput } from '../../shared/schemas/goals';
import { dateInput, id } from '../../shared/schemas/common';
import { LIMITS } from '../../shared/schemas/limits';
import { contactDateAddInput } from '../../shared/schemas/contactDates';
import { MAX_CONTACT_DATES } from '../../shared/contactDates';
import { EXPORT_TOO_DEEP, exportSkimmer, NotExportJson } from './exportSkim';

/** Rows validated between two turns. */
const VALIDATE_SLICE = 500;

export const NOT_A_SOWER_EXPORT = msg('This file is not a Sower export.');

/** The lists of an export an import reads, or counts and leaves out; anything else in the file is left alone. */
const READ_LISTS = ['contacts', 'activities', 'followUps', 'prayerLists', 'prayerRequests', 'goals', 'statusChanges', 'milestones', 'contactDates'] as const;
const SKIPPED_LISTS = ['teams', 'snoozes', 'pushDevices'] as const;
type ListName = (typeof READ_LISTS)[number] | (typeof SKIPPED_LISTS)[number];
const LISTS = new Set<string>([...READ_LISTS, ...SKIPPED_LISTS]);
/** The top-level members the parser is shown; any other's value reaches it as `null`, never tokenized (exportSkim.ts). */
const SHOWN = new Set<string>(['exportedAt', 'user', ...LISTS]);
/** The lists whose rows name a contact: read after the contacts, as Sower writes them. */
const ABOUT_CONTACTS = new Set<ListName>(['activities', 'followUps', 'prayerRequests', 'statusChanges', 'milestones', 'contactDates']);

/** What a row of any list must at least be: an object. The fields are checked by each kind's own create schema. */
const row = z.record(z.string(), z.unknown());
const exportHead = z.object({ exportedAt: z.string(), user: z.object({ id }) });

const ownership = z.object({ id, teamId: id.nullable().default(null), createdBy: id.nullish() });
const contactOf = z.object({ contactId: id });
const noContact = z.object({ contactId: id.nullish() });
const prayedCount = z.number().int().min(0).max(LIMITS.count).default(0);
const completedAt = dateInput().nullish();
const statusChange = z.object({ contactId: id, fromStatus: spiritualStatusSchema.nullable(), toStatus: spiritualStatusSchema, changedAt: dateInput() });
/** A milestone as the export writes it (issue 50); an export from before milestones has none, and imports as it did. */
const milestone = z.object({ contactId: id, kind: milestoneKindSchema, date: dateInput() });
/** An important date as the export writes it (issue 50 §6): an export from before them has none. */
const contactDate = z.object({ ...contactDateAddInput.omit({ id: true }).shape, contactId: id });
export type ImportedContactDate = z.output<typeof contactDate>;

export type ImportedContact = z.output<typeof contactCreateInput> & { oldId: number; archived?: z.output<typeof archivedInFile> };

/** A contact's archive (issue 50 §7) as an export carries it; a file before it has none, and a bad one is left out. */
const archivedInFile = z.object({
  archivedAt: z.coerce.date(),
  archiveReason: z.enum(archiveReasons),
  archiveNote: z.string().max(LIMITS.description).nullable(),
});
export type ImportedActivity = z.output<typeof activityCreateInput> & { oldContactId: number };
export type ImportedFollowUp = z.output<typeof followUpCreateInput> & {
  oldId: number;
  oldContactId: number;
  oldSeriesId: number | null;
  completedAt: Date | null;
};
/** A prayer request, about a contact of the file or about no one person (issue 50 §5), with its list's name if any. */
export type ImportedPrayer = z.output<typeof prayerCreateInput> & { oldContactId: number | null; prayedCount: number; listName: string | null };
/** A prayer list (issue 50 §5): its name and how many a day; an export from before lists has none. */
export type ImportedPrayerList = z.output<typeof prayerListCreateInput>;
export type ImportedGoal = z.output<typeof goalCreateInput>;
export type ImportedStatusChange = z.output<typeof statusChange>;
export type ImportedMilestone = z.output<typeof milestone>;

export interface ExportPlan {
  contacts: ImportedContact[];
  activities: ImportedActivity[];
  followUps: ImportedFollowUp[];
  prayerLists: ImportedPrayerList[];
  prayerRequests: ImportedPrayer[];
  goals: ImportedGoal[];
  statusChanges: ImportedStatusChange[];
  milestones: ImportedMilestone[];
  contactDates: ImportedContactDate[];
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
  prayerLists: msg('Prayer lists'),
  prayerRequests: msg('Prayer requests'),
  goals: msg('Goals'),
  statusChanges: msg('Status history'),
  milestones: msg('Milestones'),
  contactDates: msg('Important dates'),
} as const;

/** Parses `value` with `schema`, or throws the row's first problem. */
function checked<Schema extends z.ZodType>(schema: Schema, value: unknown, list: keyof typeof LIST_LABELS, index: number): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ExportRowProblem(LIST_LABELS[list], index + 1, result.error.issues[0]?.message ?? NOT_A_SOWER_EXPORT);
  return result.data;
}

/** Bytes fed to the parser at once: a turn's work. */
const FEED_BYTES = 64 * 1024;

/**
 * The records of an export, read as its bytes arrive (a 64 KiB part, then the rows it completed, a slice per turn), to
 * write into the importer's account, each checked by the schema its normal create procedure uses, so an import writes
 * nothing the API would refuse. Only the exporting user's own personal records come along: team records and records
 * about contacts the file does not hold are counted and skipped. The file is read in the order Sower writes it: the
 * user before any list, the contacts before the lists about them. Throws NOT_A_SOWER_EXPORT (as an Error) for a file
 * that is not one, EXPORT_TOO_DEEP for one nested deeper than an export (at the first bracket too many, before the
 * parser holds anything of it), ExportRowProblem for a record that breaks a rule.
 */
export async function readExport(source: AsyncIterable<Uint8Array>, pause: () => Promise<void>): Promise<ExportPlan> {
  const plan: ExportPlan = {
    contacts: [],
    activities: [],
    followUps: [],
    prayerLists: [],
    prayerRequests: [],
    goals: [],
    statusChanges: [],
    milestones: [],
    contactDates: [],
    skipped: { teams: 0, pushDevices: 0, snoozes: 0, teamRecords: 0, otherContacts: 0 },
  };
  const head: Record<string, unknown> = {};
  let owner: number | undefined;
  let contactsRead = false;
  const contactIds = new Set<number>();
  const datesPerContact = new Map<number, number>();

  /** A personal record of the exporting user; a team's or someone else's is counted. */
  const personal = (value: unknown, list: keyof typeof LIST_LABELS, index: number) => {
    const { teamId, createdBy } = checked(ownership, value, list, index);
    const mine = teamId === null && (createdBy === undefined || createdBy === null || createdBy === owner);
    if (!mine) plan.skipped.teamRecords++;
    return mine;
  };
  /** A record about a contact the file brings; one about another is counted. */
  const aboutKnownContact = (value: unknown, list: keyof typeof LIST_LABELS, index: number) => {
    const { contactId } = checked(contactOf, value, list, index);
    if (!contactIds.has(contactId)) plan.skipped.otherContacts++;
    return contactIds.has(contactId) ? contactId : null;
  };

  const readers: Record<(typeof READ_LISTS)[number], (value: Record<string, unknown>, index: number) => void> = {
    contacts(contact, index) {
      if (!personal(contact, 'contacts', index)) return;
      const { name, email, phone, spiritualStatus, notes, source, tags, stayInTouchDays } = contact;
      const oldId = checked(ownership, contact, 'contacts', index).id;
      const archived = archivedInFile.safeParse({ archiveNote: null, ...contact });
      const fields = checked(contactCreateInput, { name, email, phone, spiritualStatus, notes, source, tags, stayInTouchDays }, 'contacts', index);
      plan.contacts.push({ ...fields, oldId, ...(contact.archivedAt && archived.success ? { archived: archived.data } : {}) });
      contactIds.add(oldId);
    },
    activities(activity, index) {
      if (!personal(activity, 'activities', index)) return;
      const oldContactId = aboutKnownContact(activity, 'activities', index);
      if (oldContactId === null) return;
      const { type, date, description, notes } = activity;
      // Its other people (issue 50 §4) among the file's contacts; a file before them has none.
      const people = Array.isArray(activity.contactIds)
        ? activity.contactIds.filter((id) => typeof id === 'number' && id !== oldContactId && contactIds.has(id))
        : [];
      plan.activities.push({
        ...checked(activityCreateInput, { type, date, description, notes, contactId: oldContactId, contactIds: people }, 'activities', index),
        oldContactId,
      });
    },
    followUps(followUp, index) {
      if (!personal(followUp, 'followUps', index)) return;
      const oldContactId = aboutKnownContact(followUp, 'followUps', index);
      if (oldContactId === null) return;
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
    },
    prayerLists(list, index) {
      const { name, perDay } = list;
      plan.prayerLists.push(checked(prayerListCreateInput, { name, perDay }, 'prayerLists', index));
    },
    prayerRequests(prayer, index) {
      if (!personal(prayer, 'prayerRequests', index)) return;
      // A request about no one person (issue 50 §5) comes along as it is; one about a contact, when the file brings it.
      const aboutNoOne = checked(noContact, prayer, 'prayerRequests', index).contactId == null;
      const oldContactId = aboutNoOne ? null : aboutKnownContact(prayer, 'prayerRequests', index);
      if (!aboutNoOne && oldContactId === null) return;
      const { request, date, answered, answerNotes, answerDate } = prayer;
      plan.prayerRequests.push({
        ...checked(prayerCreateInput, { contactId: oldContactId, request, date, answered, answerNotes, answerDate }, 'prayerRequests', index),
        oldContactId,
        prayedCount: checked(prayedCount, prayer.prayedCount, 'prayerRequests', index),
        listName: checked(prayerListName.nullish(), prayer.listName, 'prayerRequests', index) ?? null,
      });
    },
    goals(goal, index) {
      if (!personal(goal, 'goals', index)) return;
      const { title, description, type, targetCount, currentCount, startsOn, deadline, completed } = goal;
      plan.goals.push(checked(goalCreateInput, { title, description, type, targetCount, currentCount, startsOn, deadline, completed }, 'goals', index));
    },
    statusChanges(change, index) {
      const parsedChange = checked(statusChange, change, 'statusChanges', index);
      // A status change has no owner of its own: it follows its contact.
      if (contactIds.has(parsedChange.contactId)) plan.statusChanges.push(parsedChange);
    },
    milestones(value, index) {
      const parsed = checked(milestone, value, 'milestones', index);
      // Like a status change, a milestone follows its contact.
      if (contactIds.has(parsed.contactId)) plan.milestones.push(parsed);
    },
    contactDates(value, index) {
      const parsed = checked(contactDate, value, 'contactDates', index);
      // A date too follows its contact, up to a person's cap (a file holding more brings the first ones).
      const held = datesPerContact.get(parsed.contactId) ?? 0;
      if (contactIds.has(parsed.contactId) && held < MAX_CONTACT_DATES) {
        plan.contactDates.push(parsed);
        datesPerContact.set(parsed.contactId, held + 1);
      }
    },
  };

  /** Rows the parser completed in the part just fed, read after it returns (a row's checks may throw). */
  const completed: { list: ListName; value: unknown; index: number }[] = [];
  const skim = exportSkimmer(SHOWN);
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({ paths: ['$.exportedAt', '$.user', ...[...LISTS].map((list) => `$.${list}.*`)], keepStack: false });
  // The top-level object's members, followed token by token: each list must be an array.
  let depth = 0;
  let member: string | undefined;
  let expecting: 'key' | 'colon' | 'value' | 'comma' = 'key';
  tokenizer.onToken = (info) => {
    const { token } = info;
    if (depth === 0 && token !== TokenType.LEFT_BRACE) throw new Error(NOT_A_SOWER_EXPORT);
    if (depth === 1) {
      if (expecting === 'key' && token === TokenType.STRING) [member, expecting] = [String(info.value), 'colon'];
      else if (expecting === 'colon') expecting = 'value';
      else if (expecting === 'value') {
        if (member !== undefined && LISTS.has(member) && token !== TokenType.LEFT_BRACKET) throw new Error(NOT_A_SOWER_EXPORT);
        expecting = 'comma';
      } else if (token === TokenType.COMMA) expecting = 'key';
    }
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) depth++;
    else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) depth--;
    parser.write(info);
  };
  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === 1) head[String(key)] = value;
    else completed.push({ list: member as ListName, value, index: Number(key) });
  };

  let done = 0;
  const readCompleted = async () => {
    for (const { list, value, index } of completed) {
      if (++done % VALIDATE_SLICE === 0) await pause();
      if (owner === undefined) {
        // Sower writes the user before any list: the owner decides which records are personal.
        const parsedHead = z.object({ user: exportHead.shape.user }).safeParse(head);
        if (!parsedHead.success) throw new Error(NOT_A_SOWER_EXPORT);
        owner = parsedHead.data.user.id;
      }
      if (list === 'teams' || list === 'snoozes' || list === 'pushDevices') {
        plan.skipped[list]++;
        continue;
      }
      if (ABOUT_CONTACTS.has(list)) contactsRead = true;
      else if (list === 'contacts' && contactsRead) throw new Error(NOT_A_SOWER_EXPORT);
      readers[list](checked(row, value, list, index), index);
    }
    completed.length = 0;
  };

  try {
    for await (const part of source) {
      for (let offset = 0; offset < part.length; offset += FEED_BYTES) {
        for (const shown of skim(part.subarray(offset, offset + FEED_BYTES))) tokenizer.write(shown);
        await readCompleted();
        await pause();
      }
    }
    tokenizer.end();
  } catch (error) {
    if (error instanceof ExportRowProblem || (error instanceof Error && (error.message === NOT_A_SOWER_EXPORT || error.message === EXPORT_TOO_DEEP)))
      throw error;
    // The parser's own errors: the bytes are not JSON, or stop mid-way.
    if (error instanceof TokenizerError || error instanceof TokenParserError || error instanceof NotExportJson) throw new Error(NOT_A_SOWER_EXPORT);
    throw error;
  }
  if (!parser.isEnded || !exportHead.safeParse(head).success) throw new Error(NOT_A_SOWER_EXPORT);
  return plan;
}
