// The signed-in user's row, declared once (defineRow): the session reads it (security/auth.ts), auth.me and sign-in answer it.
import { z } from 'zod';
import { users } from '../../db/schema';
import { locales } from '../../shared/i18n';
import { defineRow } from './defineRow';

const rowId = z.number().int();
const text = z.string();

/** The signed-in user, as the session, auth.me, registration and sign-in give them (server/security/auth.ts SessionUser; schemas/answers.ts re-exports it). */
export const userRow = defineRow({
  id: [users.id, rowId],
  username: [users.username, text],
  email: [users.email, text],
  firstName: [users.firstName, text],
  lastName: [users.lastName, text],
  /** The language chosen for the account (shared/i18n.ts), or null: the browser's then decides. */
  language: [users.language, z.enum(locales).nullable()],
  /** Whether the owner of `email` confirmed it (issue 27): reminder mail goes only to a confirmed address. */
  emailConfirmed: [users.emailConfirmed, z.boolean()],
});
