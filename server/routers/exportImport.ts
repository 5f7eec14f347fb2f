// A Sower export, plain or encrypted with a passphrase, imported into the signed-in account (issue 33, decision 033).
import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { msg } from '../../shared/i18n';
import {
  activities,
  activityContacts,
  contactMilestones,
  contacts,
  contactStatusChanges,
  followUps,
  goals,
  prayerLists,
  prayerRequests,
} from '../../db/schema';
import { foldText } from '../../shared/fold';
import { MAX_PRAYER_LISTS, PER_DAY_DEFAULT } from '../../shared/schemas/prayerLists';
import type { Authority } from '../access';
import { answer } from '../answers';
import { causes } from '../errors';
import * as answers from '../schemas/answers';
import { exportImportInput, NOT_AN_EXPORT } from '../../shared/schemas/account';
import { countImport } from '../downloads';
import { createBusyGate } from '../queries/limiter';
import { nextTurn } from '../queries/turns';
import { tagNewContacts } from '../domain/tags';
import { insertFileDates } from '../domain/contactDates';
import type { FileContactDate } from '../../shared/contactDates';
import { activityKeys, contactKeys, followUpKeys, goalKeys, prayerKeys } from '../queries/searchKeys';
import { beginImport, endImport, noteRows, undoImport } from '../ops/unfinishedImports';
import { recordSecurityEvent } from '../security/securityLog';
import { AGE_MAGIC_BYTES, ageDecryptStream, AgeError, isAgeFile } from '../formats/age';
import { EXPORT_TOO_DEEP } from '../formats/exportSkim';
import { ExportRowProblem, NOT_A_SOWER_EXPORT, readExport, type ExportPlan } from '../formats/sowerExport';
import { protectedProcedure, type Context } from '../trpc';
import { adjustTo } from '../domain/goals';
import { fieldError } from '../domain/passwordCheck';

/** Rows written in one transaction: another write waits for one slice at most, never for the whole import. */
const WRITE_SLICE = 200;
const PASSPHRASE_NEEDED = msg('This file is encrypted: enter the passphrase it was made with.');
const IMPORT_BUSY = msg('The server is busy with other imports. Please try again in a minute.');
const CHANGED_MEANWHILE = msg('Records this import wrote were changed or deleted while it ran, so nothing was imported. Please try again.');

/**
 * Imports run one at a time in the process, a few waiting: an import holds the file's records in memory from its
 * reading until they are written.
 */
const importing = createBusyGate({ waitingAtMost: 3, message: IMPORT_BUSY, retryAfterSeconds: 10 });

/** The file's bytes in order: the upload as it arrives, or the base64 of a JSON request as one part. */
async function* fileOf(input: { file?: string }, upload: Context['upload']): AsyncGenerator<Uint8Array> {
  if (input.file !== undefined) yield Buffer.from(input.file, 'base64');
  else if (upload) yield* upload;
  else throw fieldError('file', NOT_AN_EXPORT);
}

/** The export's plain text as it arrives: an age file opened with the passphrase a chunk at a time, or the file itself. */
async function* plaintextOf(file: AsyncIterable<Uint8Array>, passphrase: string | undefined, ctx: { setHeader(name: string, value: string): void }) {
  const parts = file[Symbol.asyncIterator]();
  // Enough of the start to tell an age file from a plain one.
  let start = Buffer.alloc(0);
  let ended = false;
  while (start.length < AGE_MAGIC_BYTES) {
    const next = await parts.next();
    if (next.done) {
      ended = true;
      break;
    }
    start = Buffer.concat([start, next.value]);
  }
  const whole = async function* () {
    if (start.length) yield start;
    if (ended) return;
    for (let part = await parts.next(); !part.done; part = await parts.next()) yield part.value;
  };
  if (!isAgeFile(start)) return yield* whole();
  if (!passphrase) throw fieldError('passphrase', PASSPHRASE_NEEDED);
  yield* ageDecryptStream(whole(), passphrase, ctx);
}

/** The records of the file, every one checked, or a 400 that names the field or the row. */
async function readPlan(plaintext: AsyncIterable<Uint8Array>) {
  try {
    return await readExport(plaintext, nextTurn);
  } catch (error) {
    if (error instanceof ExportRowProblem) throw new TRPCError({ code: 'BAD_REQUEST', message: error.message });
    if (error instanceof AgeError) throw fieldError(error.problem === 'passphrase' ? 'passphrase' : 'file', error.message);
    if (error instanceof Error && (error.message === NOT_A_SOWER_EXPORT || error.message === EXPORT_TOO_DEEP)) throw fieldError('file', error.message);
    throw error;
  }
}

/**
 * Writes `rows` a slice per transaction, each in a turn of its own: libSQL runs a file database's statements on this
 * thread, so without the turn the slices would follow each other with no request served between them.
 */
async function inSlices<Row>(database: Database, rows: Row[], write: (tx: Tx, slice: Row[]) => Promise<void>) {
  for (let start = 0; start < rows.length; start += WRITE_SLICE) {
    await nextTurn();
    const slice = rows.slice(start, start + WRITE_SLICE);
    await database.write((tx) => write(tx, slice));
  }
}

/**
 * Writes the plan as the user's personal records, a slice per transaction so that other people's writes go on between
 * them, each contact's records pointed at the contact's new row. Every slice notes the contacts and goals it made in the
 * import's journal (server/ops/unfinishedImports.ts), so what a failed or cut-short import wrote can be deleted. One row
 * a statement where a new id has to be known (contacts, follow-ups), since SQLite promises no order for the rows a
 * multi-row RETURNING answers.
 */
async function writePlan(database: Database, importId: number, who: Authority, plan: ExportPlan) {
  const createdBy = who.userId;
  const contactIds = new Map<number, number>();
  await inSlices(database, plan.contacts, async (tx, slice) => {
    const made: number[] = [];
    const tagged: { contactId: number; names: string[] }[] = [];
    for (const { oldId, teamId: _team, tags: names, archived, ...fields } of slice) {
      const [row] = await tx
        .insert(contacts)
        .values({ ...fields, ...contactKeys(fields), ...archived, createdBy })
        .returning({ id: contacts.id });
      contactIds.set(oldId, row.id);
      made.push(row.id);
      if (names?.length) tagged.push({ contactId: row.id, names });
    }
    // The file's tags become the user's own: a team's tags stay with the team.
    await tagNewContacts(tx, createdBy, tagged);
    await noteRows(tx, importId, 'contacts', made);
  });
  const newContact = (oldId: number) => contactIds.get(oldId)!;

  // The history as the file has it; a contact it gives none starts its own, as a new contact does.
  const withHistory = new Set(plan.statusChanges.map((change) => change.contactId));
  const history = [
    ...plan.statusChanges.map((change) => ({ ...change, contactId: newContact(change.contactId), changedBy: createdBy })),
    ...plan.contacts
      .filter((contact) => !withHistory.has(contact.oldId))
      .map((contact) => ({ contactId: newContact(contact.oldId), fromStatus: null, toStatus: contact.spiritualStatus, changedBy: createdBy })),
  ];
  await inSlices(database, history, async (tx, slice) => void (await tx.insert(contactStatusChanges).values(slice)));
  await inSlices(database, plan.milestones, async (tx, slice) => {
    const rows = slice.map(({ contactId, kind, date }) => ({ contactId: newContact(contactId), kind, date, setBy: createdBy }));
    // A file that names a kind twice for one contact keeps the first.
    await tx.insert(contactMilestones).values(rows).onConflictDoNothing();
  });

  await inSlices(database, plan.contactDates, async (tx, slice) => {
    const dates = new Map<number, FileContactDate[]>();
    for (const { contactId, ...date } of slice) dates.set(newContact(contactId), [...(dates.get(newContact(contactId)) ?? []), date]);
    await insertFileDates(
      tx,
      createdBy,
      [...dates].map(([contactId, each]) => ({ contactId, dates: each })),
    );
  });

  await inSlices(database, plan.activities, async (tx, slice) => {
    const inserted = await tx
      .insert(activities)
      .values(
        slice.map(({ oldContactId, type, date, description, notes }) => ({
          contactId: newContact(oldContactId),
          type,
          date,
          description,
          notes,
          ...activityKeys({ notes, description }),
          createdBy,
        })),
      )
      .returning({ id: activities.id, date: activities.date });
    // Its other people (issue 50 §4). One insert numbers its rows in the order written; RETURNING's order is SQLite's.
    inserted.sort((a, b) => a.id - b.id);
    const people = slice.flatMap(({ contactIds = [] }, i) =>
      contactIds.map((old) => ({ activityId: inserted[i].id, contactId: newContact(old), date: inserted[i].date })),
    );
    if (people.length) await tx.insert(activityContacts).values(people).onConflictDoNothing();
  });

  const followUpIds = new Map<number, { id: number; date: Date }>();
  await inSlices(database, plan.followUps, async (tx, slice) => {
    for (const { oldId, oldContactId, date, type, description, completed, completedAt, repeat } of slice) {
      const [row] = await tx
        .insert(followUps)
        .values({
          contactId: newContact(oldContactId),
          date,
          type,
          description,
          ...followUpKeys({ description }),
          completed,
          completedAt: completed ? (completedAt ?? new Date(Math.min(date.getTime(), Date.now()))) : null,
          repeatEvery: repeat?.every ?? null,
          repeatUnit: repeat?.unit ?? null,
          repeatFrom: repeat?.from ?? null,
          createdBy,
        })
        .returning({ id: followUps.id });
      followUpIds.set(oldId, { id: row.id, date });
    }
  });
  // A series is known by its first follow-up's id (routers/followUps.ts); one whose first is not in the file starts anew.
  await inSlices(
    database,
    plan.followUps.filter((f) => f.repeat),
    async (tx, slice) => {
      for (const followUp of slice) {
        const own = followUpIds.get(followUp.oldId)!;
        const first = (followUp.oldSeriesId !== null && followUpIds.get(followUp.oldSeriesId)) || own;
        await tx
          .update(followUps)
          .set({ seriesId: first.id, repeatAnchor: followUp.repeat?.from === 'date' ? first.date : null })
          .where(eq(followUps.id, own.id));
      }
    },
  );

  const listIds = await database.write((tx) => importPrayerLists(tx, importId, createdBy, plan));
  await inSlices(database, plan.prayerRequests, async (tx, slice) => {
    const rows = await tx
      .insert(prayerRequests)
      .values(
        slice.map(({ oldContactId, listName, request, date, answered, answerNotes, answerDate, prayedCount }) => ({
          contactId: oldContactId === null ? null : newContact(oldContactId),
          listId: listName === null ? null : (listIds.get(foldText(listName)) ?? null),
          request,
          ...prayerKeys({ request }),
          ...(date ? { date } : {}),
          answered,
          answerNotes,
          answerDate: answered ? (answerDate ?? new Date()) : null,
          prayedCount,
          createdBy,
        })),
      )
      .returning({ id: prayerRequests.id, contactId: prayerRequests.contactId });
    // A request about no one person goes with no contact: the journal names it for an undo.
    await noteRows(
      tx,
      importId,
      'prayerRequests',
      rows.filter((row) => row.contactId === null).map((row) => row.id),
    );
  });

  await inSlices(database, plan.goals, async (tx, slice) => {
    const made: number[] = [];
    for (const { currentCount, teamId: _team, ...fields } of slice) {
      const [row] = await tx
        .insert(goals)
        .values({ ...fields, ...goalKeys(fields), createdBy })
        .returning({ id: goals.id });
      made.push(row.id);
      if (currentCount !== undefined) await adjustTo(tx, row.id, currentCount);
    }
    await noteRows(tx, importId, 'goals', made);
  });
}

/**
 * The file's prayer lists and the lists its requests name, as the user's own (issue 50 §5): a list of the same name
 * (folded) they already have is used, a missing one made with the file's count a day, up to the cap on lists (past it,
 * the requests come in no list). Answers the list ids by folded name.
 */
async function importPrayerLists(tx: Tx, importId: number, createdBy: number, plan: ExportPlan) {
  const ids = new Map<string, number>();
  const own = await tx
    .select({ id: prayerLists.id, name: prayerLists.name })
    .from(prayerLists)
    .where(and(eq(prayerLists.createdBy, createdBy), isNull(prayerLists.teamId)));
  for (const list of own) ids.set(foldText(list.name), list.id);
  const wanted = new Map<string, { name: string; perDay: number }>();
  for (const list of [
    ...plan.prayerLists,
    ...plan.prayerRequests.flatMap((p) => (p.listName === null ? [] : [{ name: p.listName, perDay: PER_DAY_DEFAULT }])),
  ]) {
    const key = foldText(list.name);
    if (!ids.has(key) && !wanted.has(key)) wanted.set(key, list);
  }
  const room = Math.max(0, MAX_PRAYER_LISTS - own.length);
  const made: number[] = [];
  for (const [key, list] of [...wanted].slice(0, room)) {
    const [row] = await tx
      .insert(prayerLists)
      .values({ ...list, createdBy })
      .returning({ id: prayerLists.id });
    ids.set(key, row.id);
    made.push(row.id);
  }
  await noteRows(tx, importId, 'prayerLists', made);
  return ids;
}

/** A write refused because a row it points at is gone (the user deleted an imported contact meanwhile). */
const isForeignKeyFailure = (error: unknown) => causes(error).some((cause) => /FOREIGN KEY constraint failed/.test((cause as Error).message ?? ''));

/**
 * Imports a Sower export, counted against the import limits before anything is read, then one import at a time in the
 * process. The file is read as it arrives and every record checked before one is written, so a wrong passphrase, a
 * changed byte or a record the API would refuse writes nothing. The records are then written a slice per transaction;
 * a write that fails deletes what the import wrote, and a crash leaves a journal the next start undoes.
 */
export const importExportProcedure = protectedProcedure
  .input(exportImportInput)
  .output(answer(answers.exportImported))
  .mutation(async ({ ctx, input }) => {
    await countImport(ctx, ctx.user.id);
    return importing.run(ctx.setHeader, async () => {
      const plan = await readPlan(plaintextOf(fileOf(input, ctx.upload), input.passphrase, ctx));
      const { database } = ctx;
      const importId = await database.write((tx) => beginImport(tx, ctx.user.id));
      try {
        await writePlan(database, importId, ctx.authority, plan);
        await database.write(async (tx) => {
          await endImport(tx, importId);
          await recordSecurityEvent(tx, ctx.user.id, 'import', ctx.userAgent);
        });
      } catch (error) {
        await undoImport(database, importId, ctx.user.id);
        if (isForeignKeyFailure(error)) throw new TRPCError({ code: 'CONFLICT', message: CHANGED_MEANWHILE });
        throw error;
      }
      return {
        created: {
          contacts: plan.contacts.length,
          activities: plan.activities.length,
          followUps: plan.followUps.length,
          prayerRequests: plan.prayerRequests.length,
          goals: plan.goals.length,
          statusChanges: plan.statusChanges.length,
          milestones: plan.milestones.length,
          contactDates: plan.contactDates.length,
        },
        skipped: plan.skipped,
      };
    });
  });
