// Many contacts at once (issue 51 §4): share, take back, assign, tag, archive (and the inverses an Undo sends) in one
// transaction that succeeds or fails whole, each contact checked by the very rules of its one-contact procedure.
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { contacts, contactTags, tags } from '../../db/schema';
import { assertCanCreateIn, canRead, type Authority } from '../access';
import { BULK_ARCHIVE_REASON, contactBulkInput, type BulkAction } from '../../shared/schemas/contacts';
import type { archiveReasons } from '../../shared/vocabulary';

type ArchiveReason = (typeof archiveReasons)[number];
import { foldText } from '../../shared/fold';
import { fmt, isolated, msg, sourceLocale, type Locale } from '../../shared/i18n';
import { protectedProcedure } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { contactRecords } from '../domain/contacts';
import { inSpace, tagNamesOf, tagsNamed } from '../domain/tags';
import { MAX_TAGS_PER_CONTACT } from '../../shared/schemas/tags';
import { fieldInvalid, HttpError } from '../errors';
import { onceForKey } from '../idempotency';
import { nextTurn } from '../queries/turns';
import { translate, translateMessage } from '../i18n';
import { assignOne, shareOne, teamRuleColumns, unshareCheck, unshareOne, type TeamContact } from '../domain/contactTeam';

type BulkInput = z.output<typeof contactBulkInput>;
type BulkCall = z.output<typeof answers.contactBulk>['undo'][number];

/** Contacts checked and changed between two turns of the event loop: a 500-contact action never holds it long. */
const CONTACTS_PER_TURN = 20;

/** Each action's sentence when one contact refuses it, the contact named (a reader may see its name). */
const REFUSED: Record<BulkAction, string> = {
  share: msg('{name} cannot be shared: {reason}'),
  unshare: msg('{name} cannot be taken back: {reason}'),
  assign: msg('{name} cannot be assigned: {reason}'),
  tag: msg('{name} cannot be tagged: {reason}'),
  untag: msg('{name} cannot be untagged: {reason}'),
  archive: msg('{name} cannot be archived: {reason}'),
  restore: msg('{name} cannot be restored: {reason}'),
};

/** The same words as contacts.update's bound (shared/schemas/tags.ts contactTagsInput). */
const TOO_MANY_ON_CONTACT = fmt('At most {max} tags on a contact', { max: MAX_TAGS_PER_CONTACT });

/** A contact the caller may not read: named by its id alone, whether it exists or not left unsaid (404 like byId). */
const UNREADABLE = msg('Contact {id} not found: nothing was changed');

/** A contact as a bulk action needs it, when the caller may read it. */
async function readable(tx: Tx, contactId: number, who: Authority) {
  const [row] = await tx
    .select({
      ...teamRuleColumns,
      archivedAt: contacts.archivedAt,
      archiveReason: contacts.archiveReason,
    })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), canRead(contacts, who)));
  return row;
}

type Contact = NonNullable<Awaited<ReturnType<typeof readable>>>;

/** The tag named `tag` in a space, found (untag) or made on the fly as contact create makes it (tag), once per space. */
function tagsBySpace(tx: Tx, who: Authority, name: string, make: boolean) {
  const found = new Map<number | null, number | undefined>();
  return async (teamId: number | null) => {
    if (found.has(teamId)) return found.get(teamId);
    let id: number | undefined;
    if (make) id = (await tagsNamed(tx, teamId, who.userId, [name])).get(foldText(name));
    else
      [{ id } = { id: undefined }] = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(and(inSpace(teamId, who.userId), eq(tags.nameKey, foldText(name))));
    found.set(teamId, id);
    return id;
  };
}

/** Undo calls grouped by what each contact was before (its team, assignee, reason): one call per distinct value. */
function grouped<K>(changed: { id: number; was: K }[], call: (was: K, ids: number[]) => BulkCall): BulkCall[] {
  const groups = new Map<K, number[]>();
  for (const { id, was } of changed) groups.set(was, [...(groups.get(was) ?? []), id]);
  return [...groups].map(([was, ids]) => call(was, ids));
}

/**
 * Applies the action to one readable contact by its one-contact rules (each throws the refusal it throws alone);
 * answers what the contact was before, or `unchanged` when it already was as asked.
 */
async function applyOne(tx: Tx, contact: Contact, who: Authority, input: BulkInput, locale: Locale, tagIn: ReturnType<typeof tagsBySpace> | undefined) {
  const team: TeamContact = contact;
  switch (input.action) {
    case 'share':
      return (await shareOne(tx, team, who, input.teamId!)) ? { was: null } : unchanged;
    case 'unshare': {
      const teamId = contact.teamId;
      if (teamId === null) return unchanged;
      await unshareCheck(tx, { ...team, teamId }, who, locale);
      await unshareOne(tx, { ...team, teamId });
      return { was: teamId };
    }
    case 'assign': {
      const was = contact.assignedTo;
      return (await assignOne(tx, team, who, input.userId ?? null)) ? { was } : unchanged;
    }
    case 'tag':
    case 'untag': {
      // Tags are a change of the contact: whoever may edit it (contacts.update's rule).
      await contactRecords.update(tx, contact.id, who, {});
      const tagId = await tagIn!(contact.teamId);
      if (tagId === undefined) return unchanged;
      const link = and(eq(contactTags.contactId, contact.id), eq(contactTags.tagId, tagId));
      const rows =
        input.action === 'tag'
          ? await tx.insert(contactTags).values({ contactId: contact.id, tagId }).onConflictDoNothing().returning({ id: contactTags.contactId })
          : await tx.delete(contactTags).where(link).returning({ id: contactTags.contactId });
      if (!rows.length) return unchanged;
      // contacts.update's bound on the tags a writer sees on a contact, held here too.
      if (input.action === 'tag' && (await tagNamesOf(tx, contact.id, who)).length > MAX_TAGS_PER_CONTACT)
        throw fieldInvalid({ field: 'tag', message: TOO_MANY_ON_CONTACT });
      return { was: null };
    }
    case 'archive': {
      // contacts.archive's rule (whoever may change the contact); one archived already keeps its reason.
      if (contact.archivedAt !== null) {
        await contactRecords.update(tx, contact.id, who, {});
        return unchanged;
      }
      await contactRecords.update(tx, contact.id, who, { archivedAt: new Date(), archiveReason: input.reason ?? BULK_ARCHIVE_REASON, archiveNote: null });
      return { was: null };
    }
    case 'restore': {
      if (contact.archivedAt === null) {
        await contactRecords.update(tx, contact.id, who, {});
        return unchanged;
      }
      await contactRecords.update(tx, contact.id, who, { archivedAt: null, archiveReason: null, archiveNote: null });
      return { was: contact.archiveReason };
    }
  }
}

const unchanged = 'unchanged' as const;

/** The calls that undo what was done: the inverse action on the contacts changed, by what each was before. */
function undoOf(input: BulkInput, changed: { id: number; was: unknown }[]): BulkCall[] {
  if (changed.length === 0) return [];
  const ids = changed.map((c) => c.id);
  switch (input.action) {
    case 'share':
      return [{ action: 'unshare', ids }];
    case 'unshare':
      return grouped(changed as { id: number; was: number }[], (teamId, ids) => ({ action: 'share', ids, teamId }));
    case 'assign':
      return grouped(changed as { id: number; was: number | null }[], (userId, ids) => ({ action: 'assign', ids, userId }));
    case 'tag':
      return [{ action: 'untag', ids, tag: input.tag! }];
    case 'untag':
      return [{ action: 'tag', ids, tag: input.tag! }];
    case 'archive':
      return [{ action: 'restore', ids }];
    case 'restore':
      return grouped(changed as { id: number; was: ArchiveReason | null }[], (reason, ids) => ({
        action: 'archive',
        ids,
        reason: reason ?? BULK_ARCHIVE_REASON,
      }));
  }
}

/**
 * The refusal of the whole action for one contact, named (the caller reads it), in the caller's language: the
 * translations place the name between isolates themselves, the English template is given an isolated name.
 */
function refusal(error: TRPCError, action: BulkAction, contact: Contact, locale: Locale) {
  // A role's refusal carries its template and the team's name (server/access.ts refusedForRole): its English message
  // with the name filled in is no catalogue's id.
  const reason = error.cause instanceof HttpError ? translate(locale, error.cause.template, error.cause.values) : translateMessage(locale, error.message);
  return new TRPCError({
    code: error.code,
    message: translate(locale, REFUSED[action], { name: locale === sourceLocale ? isolated(contact.name) : contact.name, reason }),
    cause: error,
  });
}

/** contacts.bulk, spread into the contacts router. */
export const contactBulkProcedures = {
  /**
   * One action on many contacts (issue 51 §4), all or nothing in one write transaction: each contact is read as the
   * caller may read it and changed by its one-contact procedure's rules (shareOne, unshareCheck, assignOne: so a bulk
   * assign is an assignment as contacts.assign makes it; contacts.update's and contacts.archive's rule for tags and
   * archiving). The first refusal undoes everything and names its contact (by id, 404, when the caller cannot read it).
   * A contact already as asked is left and not counted. Between every few contacts the event loop takes other requests.
   */
  bulk: protectedProcedure
    .input(contactBulkInput)
    .output(answer(answers.contactBulk))
    .mutation(({ ctx, input }) =>
      ctx.database.write((tx) =>
        onceForKey(
          tx,
          ctx.user.id,
          input.idempotencyKey,
          input,
          async () => {
            const who = ctx.authority;
            // The team first, as contacts.share checks it: a team the caller cannot create in refuses the whole action plainly.
            if (input.action === 'share') await assertCanCreateIn(tx, input.teamId!, who);
            const tagIn = input.action === 'tag' || input.action === 'untag' ? tagsBySpace(tx, who, input.tag!, input.action === 'tag') : undefined;
            const changed: { id: number; was: unknown }[] = [];
            const ids = [...new Set(input.ids)];
            for (const [index, id] of ids.entries()) {
              if (index > 0 && index % CONTACTS_PER_TURN === 0) await nextTurn();
              const contact = await readable(tx, id, who);
              if (!contact) throw new TRPCError({ code: 'NOT_FOUND', message: translate(ctx.locale, UNREADABLE, { id }) });
              let outcome;
              try {
                outcome = await applyOne(tx, contact, who, input, ctx.locale, tagIn);
              } catch (error) {
                if (error instanceof TRPCError) throw refusal(error, input.action, contact, ctx.locale);
                throw error;
              }
              if (outcome !== unchanged) changed.push({ id, was: outcome.was });
            }
            return { count: changed.length, ids: changed.map((c) => c.id), undo: undoOf(input, changed) };
          },
          'bulk',
        ),
      ),
    ),
};
