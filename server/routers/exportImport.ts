// A Sower export, plain or encrypted with a passphrase, imported into the signed-in account (issue 33, decision 033).
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { msg } from '../../shared/i18n';
import { activities, contacts, contactStatusChanges, followUps, goals, prayerRequests } from '../../db/schema';
import type { Authority } from '../access';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { exportImportInput } from '../schemas/account';
import { countImport } from '../http/downloads';
import { nextTurn } from '../queries/turns';
import { activityKeys, contactKeys, prayerKeys } from '../queries/searchKeys';
import { recordSecurityEvent } from '../security/securityLog';
import { ageDecrypt, AgeError, isAgeFile } from '../formats/age';
import { ExportRowProblem, NOT_A_SOWER_EXPORT, readExport, type ExportPlan } from '../formats/sowerExport';
import { protectedProcedure } from '../trpc';
import { adjustTo } from './goals';
import { fieldError } from './passwordCheck';

/** Rows written between two turns of the one write transaction. */
const WRITE_SLICE = 200;
const PASSPHRASE_NEEDED = msg('This file is encrypted: enter the passphrase it was made with.');

/** The export's text: an age file opened with the passphrase (every byte checked first), or the file itself. */
async function exportText(file: Buffer, passphrase: string | undefined, ctx: { setHeader(name: string, value: string): void }) {
  if (!isAgeFile(file)) return file.toString('utf8');
  if (!passphrase) throw fieldError('passphrase', PASSPHRASE_NEEDED);
  try {
    return (await ageDecrypt(file, passphrase, ctx)).toString('utf8');
  } catch (error) {
    if (error instanceof AgeError) throw fieldError(error.problem === 'passphrase' ? 'passphrase' : 'file', error.message);
    throw error;
  }
}

async function readPlan(text: string) {
  try {
    return await readExport(text, nextTurn);
  } catch (error) {
    if (error instanceof ExportRowProblem) throw new TRPCError({ code: 'BAD_REQUEST', message: error.message });
    if (error instanceof Error && error.message === NOT_A_SOWER_EXPORT) throw fieldError('file', NOT_A_SOWER_EXPORT);
    throw error;
  }
}

/** Runs `write` for each slice of `rows`, a turn apart, so a large import never holds the loop for long. */
async function inSlices<Row>(rows: Row[], write: (slice: Row[]) => Promise<void>) {
  for (let start = 0; start < rows.length; start += WRITE_SLICE) {
    if (start > 0) await nextTurn();
    await write(rows.slice(start, start + WRITE_SLICE));
  }
}

/**
 * Writes the plan as the user's personal records in the caller's transaction, each contact's records pointed at the
 * contact's new row. One row a statement where a new id has to be known (contacts, follow-ups of a series), since
 * SQLite promises no order for the rows a multi-row RETURNING answers.
 */
async function writePlan(tx: Tx, who: Authority, plan: ExportPlan) {
  const createdBy = who.userId;
  const contactIds = new Map<number, number>();
  await inSlices(plan.contacts, async (slice) => {
    for (const { oldId, teamId: _team, ...fields } of slice) {
      const [row] = await tx
        .insert(contacts)
        .values({ ...fields, ...contactKeys(fields), createdBy })
        .returning({ id: contacts.id });
      contactIds.set(oldId, row.id);
    }
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
  await inSlices(history, async (slice) => void (await tx.insert(contactStatusChanges).values(slice)));

  await inSlices(plan.activities, async (slice) => {
    await tx.insert(activities).values(
      slice.map(({ oldContactId, type, date, description, notes }) => ({
        contactId: newContact(oldContactId),
        type,
        date,
        description,
        notes,
        ...activityKeys({ notes, description }),
        createdBy,
      })),
    );
  });

  const followUpIds = new Map<number, { id: number; date: Date }>();
  await inSlices(plan.followUps, async (slice) => {
    for (const { oldId, oldContactId, date, type, description, completed, completedAt, repeat } of slice) {
      const [row] = await tx
        .insert(followUps)
        .values({
          contactId: newContact(oldContactId),
          date,
          type,
          description,
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
  for (const followUp of plan.followUps.filter((f) => f.repeat)) {
    const own = followUpIds.get(followUp.oldId)!;
    const first = (followUp.oldSeriesId !== null && followUpIds.get(followUp.oldSeriesId)) || own;
    await tx
      .update(followUps)
      .set({ seriesId: first.id, repeatAnchor: followUp.repeat?.from === 'date' ? first.date : null })
      .where(eq(followUps.id, own.id));
  }

  await inSlices(plan.prayerRequests, async (slice) => {
    await tx.insert(prayerRequests).values(
      slice.map(({ oldContactId, request, date, answered, answerNotes, answerDate, prayedCount }) => ({
        contactId: newContact(oldContactId),
        request,
        ...prayerKeys({ request }),
        ...(date ? { date } : {}),
        answered,
        answerNotes,
        answerDate: answered ? (answerDate ?? new Date()) : null,
        prayedCount,
        createdBy,
      })),
    );
  });

  await inSlices(plan.goals, async (slice) => {
    for (const { currentCount, teamId: _team, ...fields } of slice) {
      const [row] = await tx
        .insert(goals)
        .values({ ...fields, createdBy })
        .returning({ id: goals.id });
      if (currentCount !== undefined) await adjustTo(tx, row.id, currentCount);
    }
  });
}

/**
 * Imports a Sower export, counted against the import limits before anything is read: the file is decrypted and every
 * record checked before one is written, then all are written in one transaction, so a wrong passphrase, a changed
 * byte or a record the API would refuse writes nothing.
 */
export const importExportProcedure = protectedProcedure
  .input(exportImportInput)
  .output(answer(answers.exportImported))
  .mutation(async ({ ctx, input }) => {
    await countImport(ctx, ctx.user.id);
    const text = await exportText(Buffer.from(input.file, 'base64'), input.passphrase, ctx);
    const plan = await readPlan(text);
    await ctx.database.write(async (tx) => {
      await writePlan(tx, ctx.authority, plan);
      await recordSecurityEvent(tx, ctx.user.id, 'import', ctx.userAgent);
    });
    return {
      created: {
        contacts: plan.contacts.length,
        activities: plan.activities.length,
        followUps: plan.followUps.length,
        prayerRequests: plan.prayerRequests.length,
        goals: plan.goals.length,
        statusChanges: plan.statusChanges.length,
      },
      skipped: plan.skipped,
    };
  });
