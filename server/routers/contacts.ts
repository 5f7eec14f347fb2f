// Contacts: the people a user shares with, each with a spiritual status.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { contacts } from '../../db/schema';
import { assertCanCreateIn, canRead, notFound } from '../access';
import { idInput, pageInput } from '../schemas/common';
import { contactCreateInput, contactUpdateInput } from '../schemas/contacts';
import { protectedProcedure, router } from '../trpc';
import { afterCursor, limitOf } from './paging';
import { advanceGoals, removeOwned, updateOwned } from './shared';

export const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  spiritualStatus: contacts.spiritualStatus,
  notes: contacts.notes,
  createdAt: contacts.createdAt,
  teamId: contacts.teamId,
};

/** Contacts list alphabetically, ignoring case. */
const nameKey = sql`lower(${contacts.name})`;

async function loadContact(db: Queryable, contactId: number, userId: number) {
  const [contact] = await db
    .select(contactColumns)
    .from(contacts)
    .where(and(eq(contacts.id, contactId), canRead(contacts, userId)));
  if (!contact) throw notFound('Contact');
  return contact;
}

type NewContact = Omit<typeof contacts.$inferInsert, 'createdBy' | 'id' | 'createdAt'>;

/** Inserts a contact and counts it toward the user's new-contact goals; used by contacts.create and activity logging. */
export async function insertContact(tx: Tx, userId: number, values: NewContact) {
  await assertCanCreateIn(tx, values.teamId ?? null, userId);
  const [contact] = await tx
    .insert(contacts)
    .values({ ...values, createdBy: userId })
    .returning(contactColumns);
  await advanceGoals(tx, userId, 'new_contact');
  return contact;
}

export const contactsRouter = router({
  list: protectedProcedure.input(pageInput).query(({ ctx, input }) =>
    ctx.database.read
      .select(contactColumns)
      .from(contacts)
      .where(and(canRead(contacts, ctx.user.id), input?.cursor ? afterCursor(contacts, nameKey, 'asc', input.cursor, ctx.user.id) : undefined))
      .orderBy(asc(nameKey), asc(contacts.id))
      .limit(limitOf(input)),
  ),

  byId: protectedProcedure.input(idInput).query(({ ctx, input }) => loadContact(ctx.database.read, input.id, ctx.user.id)),

  create: protectedProcedure
    .input(contactCreateInput)
    .mutation(({ ctx, input }) => ctx.database.write((tx) => insertContact(tx, ctx.user.id, input))),

  update: protectedProcedure.input(contactUpdateInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      const { id, ...changes } = input;
      await updateOwned(tx, contacts, id, ctx.user.id, changes, 'Contact');
      return loadContact(tx, id, ctx.user.id);
    }),
  ),

  remove: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.database.write((tx) => removeOwned(tx, contacts, input.id, ctx.user.id, 'Contact'))),
});
