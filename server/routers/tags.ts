// Tags (issue 50): a user's personal tags and their teams' tags, listed with how many contacts carry each, made,
// renamed, recoloured, merged and deleted; and the "how we met" words the user has used.
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { contacts, contactTags, tags } from '../../db/schema';
import { foldText } from '../../shared/fold';
import { msg } from '../../shared/i18n';
import { idInput, MAX_PAGE_ROWS } from '../../shared/schemas/common';
import { tagCreateInput, tagMergeInput, tagUpdateInput } from '../../shared/schemas/tags';
import { assertCanCreateIn, canRead } from '../access';
import { answer } from '../answers';
import { conflictOnDuplicate, fieldConflict, fieldInvalid } from '../errors';
import { recordsOf } from '../queries/records';
import { decoded, rowsOf } from '../queries/rows';
import * as answers from '../schemas/answers';
import { protectedProcedure, router } from '../trpc';
import { inSpace, tagsNamed } from '../domain/tags';

const TAG_NOT_FOUND = msg('Tag not found');
const NAME_TAKEN = msg('A tag of that name is already here: merge the two instead');
const OTHER_SPACE = msg('Only tags of the same place (yours, or one team’s) can be merged');

// In an sql`` of its own: drizzle writes a one-table select's columns without their table's name, which inside the
// subquery would name contact_tags' columns.
const tagColumns = answers.tagRow.select({
  contacts: decoded(sql`${sql`(select count(*) from ${contactTags} where ${contactTags.tagId} = ${tags.id})`}`, Number),
});
const tagRecords = recordsOf(tags, TAG_NOT_FOUND, (db, where) => db.select(tagColumns).from(tags).where(where));

/** The most "how we met" words tags.sources answers: the user's most used. */
export const MAX_SOURCES = 50;

export const tagsRouter = router({
  /** The tags the user may use: their own and their teams', alphabetically (each space holds at most 500). */
  list: protectedProcedure
    .output(answer(answers.tag.array()))
    .query(({ ctx }) =>
      rowsOf(
        tagColumns,
        ctx.database.read.select(tagColumns).from(tags).where(canRead(tags, ctx.authority)).orderBy(asc(tags.nameKey), asc(tags.id)).limit(MAX_PAGE_ROWS),
      ),
    ),

  create: protectedProcedure
    .input(tagCreateInput)
    .output(answer(answers.tag))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const teamId = input.teamId ?? null;
        await assertCanCreateIn(tx, teamId, ctx.authority);
        const [existing] = await tx
          .select({ id: tags.id })
          .from(tags)
          .where(and(inSpace(teamId, ctx.user.id), eq(tags.nameKey, foldText(input.name))));
        if (existing) throw fieldConflict({ field: 'name', message: NAME_TAKEN });
        const [id] = (await tagsNamed(tx, teamId, ctx.user.id, [input.name])).values();
        if (input.color) await tx.update(tags).set({ color: input.color }).where(eq(tags.id, id));
        return tagRecords.read(tx, id, ctx.authority);
      }),
    ),

  /** Renames or recolours a tag: whoever may change the team's rows (personal tags: their author). */
  update: protectedProcedure
    .input(tagUpdateInput)
    .output(answer(answers.tag))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const { id, name, color } = input;
        const changes = { ...(name === undefined ? {} : { name, nameKey: foldText(name) }), color };
        await conflictOnDuplicate(
          () => tagRecords.update(tx, id, ctx.authority, changes),
          () => ({ field: 'name', message: NAME_TAKEN }),
        );
        return tagRecords.read(tx, id, ctx.authority);
      }),
    ),

  /** Deletes a tag: the contacts that carried it stay, without it. */
  remove: protectedProcedure
    .input(idInput)
    .output(answer(answers.removed))
    .mutation(({ ctx, input }) => ctx.database.write((tx) => tagRecords.remove(tx, input.id, ctx.authority))),

  /** Merges tag `id` into `intoId` (same space, both changeable): its contacts carry `intoId`, and `id` is gone. */
  merge: protectedProcedure
    .input(tagMergeInput)
    .output(answer(answers.tag))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const changeable = async (id: number) => {
          await tagRecords.update(tx, id, ctx.authority, {});
          const [row] = await tx.select({ teamId: tags.teamId, createdBy: tags.createdBy }).from(tags).where(eq(tags.id, id));
          return row;
        };
        const from = await changeable(input.id);
        const into = await changeable(input.intoId);
        const sameSpace = from.teamId === null ? into.teamId === null && into.createdBy === from.createdBy : into.teamId === from.teamId;
        if (!sameSpace) throw fieldInvalid({ field: 'intoId', message: OTHER_SPACE });
        await tx.run(
          sql`insert or ignore into ${contactTags} (contact_id, tag_id) select contact_id, ${input.intoId} from ${contactTags} where tag_id = ${input.id}`,
        );
        await tx.delete(tags).where(eq(tags.id, input.id));
        return tagRecords.read(tx, input.intoId, ctx.authority);
      }),
    ),

  /** The "how we met" words on the contacts the user may read, most used first: the picker offers them after its own. */
  sources: protectedProcedure.output(answer(answers.sources)).query(async ({ ctx }) => {
    const rows = await ctx.database.read
      .select({ source: contacts.source })
      .from(contacts)
      .where(and(canRead(contacts, ctx.authority), isNotNull(contacts.source)))
      .groupBy(contacts.source)
      .orderBy(desc(sql`count(*)`), asc(contacts.source))
      .limit(MAX_SOURCES);
    return rows.map((row) => row.source!);
  }),
});
