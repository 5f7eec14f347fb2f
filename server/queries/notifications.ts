// The notifications a user may see and what each says (issue 51 §3), read by the inbox (server/routers/notifications.ts)
// and by push and the digest (server/nudges/notifications.ts): one notification said the same way wherever it goes.
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { comments, contacts, notifications, teams, users } from '../../db/schema';
import type { NotificationKind } from '../../shared/vocabulary';
import type { Locale } from '../../shared/i18n';
import { msg } from '../../shared/i18n';
import { canRead, type Who } from '../access';
import { translate } from '../i18n';

/** The newest notifications the inbox lists; the unread count counts every one kept. */
export const INBOX_LISTED = 50;

/**
 * The notifications the user may see: their own, each about no contact or about one they may still read. A removed
 * member's mentions of the team's contacts are no longer theirs to see (nor counted), as the contact is not.
 */
export function visibleTo(who: Who, userId: number): SQL {
  return and(eq(notifications.userId, userId), or(isNull(notifications.contactId), canRead(contacts, who)))!;
}

export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  createdAt: Date;
  readAt: Date | null;
  sentAt: Date | null;
  contactId: number | null;
  contactName: string | null;
  teamId: number | null;
  teamName: string | null;
  commentId: number | null;
  commentBody: string | null;
  actorFirst: string | null;
  actorLast: string | null;
  actorUsername: string | null;
  detail: Record<string, unknown> | null;
}

/** The user's notifications they may see, newest first, joined to what they name. */
export function selectNotifications(db: Queryable, who: Who, userId: number, where?: SQL) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      sentAt: notifications.sentAt,
      contactId: notifications.contactId,
      contactName: contacts.name,
      teamId: notifications.teamId,
      teamName: teams.name,
      commentId: notifications.commentId,
      commentBody: comments.body,
      actorFirst: users.firstName,
      actorLast: users.lastName,
      actorUsername: users.username,
      detail: notifications.detail,
    })
    .from(notifications)
    .leftJoin(contacts, eq(contacts.id, notifications.contactId))
    .leftJoin(teams, eq(teams.id, notifications.teamId))
    .leftJoin(comments, eq(comments.id, notifications.commentId))
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(visibleTo(who, userId), where))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
}

/** How many of the user's notifications they may see are unread. */
export async function unreadCount(db: Queryable, who: Who, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(notifications)
    .leftJoin(contacts, eq(contacts.id, notifications.contactId))
    .where(and(visibleTo(who, userId), isNull(notifications.readAt)));
  return Number(row.n);
}

/** The sentences of each kind (every kind the vocabulary has), with their values named as the inbox fills them. */
const sentences = {
  mention: msg('{actor} mentioned you in a comment on {contact}'),
  assigned: msg('{actor} assigned {contact} to you'),
  accepted: msg('{actor} accepted {contact}'),
  declined: msg('{actor} declined {contact}'),
  declinedWithReason: msg('{actor} declined {contact}: {reason}'),
  updateNeeded: msg('{contact} needs an update'),
  updateNeededMany: msg('{count, plural, one {# contact needs an update in {team}} other {# contacts need an update in {team}}}'),
  returned: msg('{count, plural, one {# contact came back to the admins when {member} left} other {# contacts came back to the admins when {member} left}}'),
  removed: msg('You were removed from {team}'),
} as const;

export const SOMEONE = msg('Someone');
export const A_TEAM = msg('a team');

/** A person's name as the inbox says it: first and last name, else their username. */
export const personName = (first: string | null, last: string | null, username: string | null): string | null =>
  [first, last].filter(Boolean).join(' ').trim() || username || null;

const detailText = (detail: Record<string, unknown> | null, key: string): string | null =>
  typeof detail?.[key] === 'string' && detail[key] ? (detail[key] as string) : null;

/** The extras a notification's detail holds, as the inbox answers them (only what each kind writes). */
export function detailOf(detail: Record<string, unknown> | null) {
  const out: { reason?: string | null; names?: string[]; count?: number; teamName?: string | null } = {};
  if (!detail) return out;
  if (typeof detail.reason === 'string') out.reason = detail.reason;
  if (Array.isArray(detail.names)) out.names = detail.names.filter((name): name is string => typeof name === 'string').slice(0, 100);
  if (typeof detail.count === 'number' && Number.isInteger(detail.count)) out.count = detail.count;
  if (typeof detail.teamName === 'string') out.teamName = detail.teamName;
  return out;
}

/** What a notification says, whole, in the reader's language. */
export function notificationText(locale: Locale, row: NotificationRow): string {
  const actor = personName(row.actorFirst, row.actorLast, row.actorUsername) ?? translate(locale, SOMEONE);
  const contact = row.contactName ?? translate(locale, A_CONTACT);
  const team = detailText(row.detail, 'teamName') ?? row.teamName ?? translate(locale, A_TEAM);
  const reason = detailText(row.detail, 'reason');
  switch (row.kind) {
    case 'declined':
      return reason ? translate(locale, sentences.declinedWithReason, { actor, contact, reason }) : translate(locale, sentences.declined, { actor, contact });
    case 'returned': {
      const names = Array.isArray(row.detail?.names) ? row.detail.names.length : 0;
      const count = typeof row.detail?.count === 'number' ? row.detail.count : names;
      return translate(locale, sentences.returned, { count, member: actor });
    }
    case 'removed':
      return translate(locale, sentences.removed, { team });
    case 'updateNeeded': {
      // One notification may tell of many contacts (server/domain/assignments.ts): then it says how many, in which team.
      const count = typeof row.detail?.count === 'number' ? row.detail.count : 1;
      return row.contactId === null && count !== 1
        ? translate(locale, sentences.updateNeededMany, { count, team })
        : translate(locale, sentences.updateNeeded, { actor, contact });
    }
    default:
      return translate(locale, sentences[row.kind], { actor, contact });
  }
}

export const A_CONTACT = msg('a contact');

/** A notification as the inbox answers it. */
export function inboxItem(locale: Locale, row: NotificationRow) {
  return {
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt,
    read: row.readAt !== null,
    actorName: personName(row.actorFirst, row.actorLast, row.actorUsername),
    contactId: row.contactId,
    contactName: row.contactId === null ? null : row.contactName,
    teamId: row.teamId,
    teamName: row.teamName,
    commentId: row.commentId,
    detail: detailOf(row.detail),
    text: notificationText(locale, row),
    excerpt: row.commentBody === null ? null : row.commentBody.length > 200 ? `${row.commentBody.slice(0, 199)}…` : row.commentBody,
  };
}
