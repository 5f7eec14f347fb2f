// The signed-in user's own account: profile, password, export and import of their data, and deleting it all.
import { and, asc, eq, gt, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Queryable, Tx } from '../../db/client';
import { msg, type Locale } from '../../shared/i18n';
import { foldText } from '../../shared/fold';
import {
  activities,
  contacts,
  contactSnoozes,
  contactDates,
  contactMilestones,
  contactStatusChanges,
  followUps,
  goals,
  prayerLists,
  prayerRequests,
  pushSubscriptions,
  tags,
  teamMembers,
  teams,
  users,
} from '../../db/schema';
import { forgetConfirmation, offerConfirmation } from '../nudges/confirmation';
import { readSettings } from '../nudges/settings';
import { contactTagNames, tagNewContacts } from '../domain/tags';
import { contactDatesColumn, insertFileDates } from '../domain/contactDates';
import type { FileContactDate } from '../../shared/contactDates';
import {
  assertTeamAdmin,
  canRead,
  notFound,
  ownedBy,
  readableContactName,
  readableParts,
  TEAM_NOT_FOUND,
  teamRole,
  type Authority,
  type OwnedTable,
} from '../access';
import { countDownload, download, jsonObject, pagesOf, type Download } from '../downloads';
import type { z } from 'zod';
import { hashPassword, type SessionUser } from '../security/auth';
import { translate, translateMessage } from '../i18n';
import { conflictOnDuplicate, fieldConflict } from '../errors';
import { importHelp, type ContactDraft, type ContactFields, type ImportProblem, type ImportRead, type ImportWarning } from '../formats/contactImport';
import { contactsToCsv } from '../formats/csv';
import { contactsFromFile } from '../formats/importFile';
import { contactsToVcard } from '../formats/vcard';
import {
  changePasswordInput,
  deleteAccountInput,
  EMAIL_NEEDS_PASSWORD,
  encryptedExportInput,
  exportInput,
  importInput,
  profileUpdateInput,
  type ExportScope,
} from '../../shared/schemas/account';
import { teamIdInput } from '../../shared/schemas/teams';
import { languageInput } from '../../shared/schemas/auth';
import { protectedProcedure, router, type Context } from '../trpc';
import { answer, fileAnswer, plainFileAnswer } from '../answers';
import * as answers from '../schemas/answers';
import { nextTurn } from '../queries/turns';
import { assertPassword, fieldError } from '../domain/passwordCheck';
import { activityExportColumns } from '../domain/activities';
import { userColumns } from '../domain/signIn';
import { recordSecurityEvent } from '../security/securityLog';
import { insertContacts } from '../domain/contacts';
import { goalColumns } from '../domain/goals';
import { authorsListId, prayerColumns } from '../domain/prayerRequests';
import { selectFollowUps } from '../domain/followUps';
import { ageEncrypter } from '../formats/age';
import { endTeam } from '../domain/teams';

type SignedInContext = Context & { user: SessionUser };

const EMAIL_TAKEN = { field: 'email', message: msg('Email already registered') };

/** An export is counted for the account and the address, and noted in the security log, before anything is read. */
async function countExport(ctx: SignedInContext) {
  await countDownload(ctx, ctx.user.id);
  await ctx.database.write((tx) => recordSecurityEvent(tx, ctx.user.id, 'export', ctx.userAgent));
}

/** Rows read per page of an export, each page a long step (server/queries/turns.ts): 100 follow-ups read and written take 2-4 ms. */
const EXPORT_PAGE = 100;
/** A goal's progress is counted on read (decision 015): fewer to a page. */
const GOAL_PAGE = 25;

/**
 * The rows of a table an export holds, as conditions read one after the other: what the user created and may still
 * read (`created`, the default), or everything they may read (`visible`, issue 48), in the parts the lists read it in
 * (server/access.ts readableParts: their personal rows, then each team's), so each part walks an index of its own.
 */
function exportParts(table: OwnedTable, who: Authority, scope: ExportSpace): SQL[] {
  // A team's own export (issue 51 §6): every row of the team, whoever created it, along its team index; no one's personal row.
  if (typeof scope === 'object') return [eq(table.teamId, scope.team.id)];
  if (scope === 'created') return [ownedBy(table, who)];
  if (!who.teams) return readableParts(table, who);
  // One team at a time, however many: past a few teams readableParts names them all in one part, whose pages would each
  // sort every row of them. Each membership's own parts are the user's rows and that team's.
  const [own] = readableParts(table, { userId: who.userId, teams: [] });
  return [own, ...who.teams.flatMap((membership) => readableParts(table, { userId: who.userId, teams: [membership] }).slice(1))];
}

/** Each part's pages in turn. */
async function* partByPart<Row>(parts: SQL[], pages: (part: SQL) => AsyncIterable<Row[]>): AsyncGenerator<Row[]> {
  for (const part of parts) yield* pages(part);
}

/**
 * A table's rows in the export a page at a time, each part in (key, id) order: `key` is the second column of an index
 * on (created_by, key) and one on (team_id, key), so each page is one seek and a walk of its rows, however many the
 * account or its teams hold. `read(where, n)` reads the first `n` rows of the condition (the part, past the last row read).
 */
function exportRows<Row extends { id: number }>(
  table: OwnedTable,
  key: SQLiteColumn,
  parts: SQL[],
  read: (where: SQL, n: number) => Promise<Row[]>,
  keyOf: (row: Row) => Date,
) {
  return partByPart(parts, (part) =>
    pagesOf(
      (last: Row | undefined, n) => read(and(part, last && sql`(${key}, ${table.id}) > (${keyOf(last).getTime()}, ${last.id})`)!, n),
      (row) => row,
      EXPORT_PAGE,
    ),
  );
}

/** A table's rows by id, a page at a time: `read(after, size)` reads the rows with an id after `after`. */
const byId = <Row extends { id: number }>(read: (after: number, size: number) => Promise<Row[]>, size = EXPORT_PAGE) =>
  pagesOf(
    (after: number | undefined, n) => read(after ?? 0, n),
    (row) => row.id,
    size,
  );

type HistoryKey = { contactAt: Date; contactId: number; changedAt: Date; id: number };

/**
 * A page of the status changes of the contacts `part` names (one of exportParts): by contact in the order of the owner
 * or team index (when each was added), then by date. A change has no owner of its own, so a page by date alone joined
 * every contact of the account and sorted all their changes again (about 12 ms of CPU a page at 20,000 contacts); this
 * one seeks past `after`'s contact on the part's index and walks on, sorting nothing (tests/api/account.test.ts holds the plan).
 */
export function statusHistoryPage(db: Queryable, part: SQL, after: HistoryKey | undefined, n: number) {
  const { createdAt, id } = contacts;
  const past =
    after &&
    sql`(${createdAt}, ${id}) >= (${after.contactAt.getTime()}, ${after.contactId}) and (${createdAt}, ${id}, ${contactStatusChanges.changedAt}, ${contactStatusChanges.id}) > (${after.contactAt.getTime()}, ${after.contactId}, ${after.changedAt.getTime()}, ${after.id})`;
  return db
    .select({
      id: contactStatusChanges.id,
      contactId: contactStatusChanges.contactId,
      contactName: contacts.name,
      fromStatus: contactStatusChanges.fromStatus,
      toStatus: contactStatusChanges.toStatus,
      changedAt: contactStatusChanges.changedAt,
      contactAt: createdAt,
    })
    .from(contacts)
    .innerJoin(contactStatusChanges, eq(contactStatusChanges.contactId, id))
    .where(and(part, past))
    .orderBy(asc(createdAt), asc(id), asc(contactStatusChanges.changedAt), asc(contactStatusChanges.id))
    .limit(n);
}

/** The status history a page at a time, without each row's contact date: it keys the paging and is no part of the file. */
async function* statusHistory(db: Queryable, parts: SQL[]) {
  const pages = partByPart(parts, (part) =>
    pagesOf(
      (after: HistoryKey | undefined, n) => statusHistoryPage(db, part, after, n),
      (row) => ({ contactAt: row.contactAt, contactId: row.contactId, changedAt: row.changedAt, id: row.id }),
      EXPORT_PAGE,
    ),
  );
  for await (const rows of pages) yield rows.map(({ contactAt: _key, ...row }) => row);
}

type MilestoneKey = { contactAt: Date; contactId: number; kind: string };

/**
 * A page of the milestones (issue 50) of the contacts `part` names, in the status history's order: by contact on the
 * part's index, then by kind (a milestone has no owner of its own either).
 */
function milestonesPage(db: Queryable, part: SQL, after: MilestoneKey | undefined, n: number) {
  const { createdAt, id } = contacts;
  const past =
    after &&
    sql`(${createdAt}, ${id}) >= (${after.contactAt.getTime()}, ${after.contactId}) and (${createdAt}, ${id}, ${contactMilestones.kind}) > (${after.contactAt.getTime()}, ${after.contactId}, ${after.kind})`;
  return db
    .select({
      contactId: contactMilestones.contactId,
      contactName: contacts.name,
      kind: contactMilestones.kind,
      date: contactMilestones.date,
      contactAt: createdAt,
    })
    .from(contacts)
    .innerJoin(contactMilestones, eq(contactMilestones.contactId, id))
    .where(and(part, past))
    .orderBy(asc(createdAt), asc(id), asc(contactMilestones.kind))
    .limit(n);
}

/** The milestones a page at a time, without each row's contact date (as the status history). */
async function* milestoneRows(db: Queryable, parts: SQL[]) {
  const pages = partByPart(parts, (part) =>
    pagesOf(
      (after: MilestoneKey | undefined, n) => milestonesPage(db, part, after, n),
      (row) => ({ contactAt: row.contactAt, contactId: row.contactId, kind: row.kind }),
      EXPORT_PAGE,
    ),
  );
  for await (const rows of pages) yield rows.map(({ contactAt: _key, ...row }) => row);
}

type DateKey = { contactAt: Date; contactId: number; id: number };

/** The important dates (issue 50 §6) of the contacts `part` names, a page at a time, in the milestones' order: by contact, then by id. */
async function* contactDateRows(db: Queryable, parts: SQL[]) {
  const { createdAt, id } = contacts;
  const page = (part: SQL, after: DateKey | undefined, n: number) =>
    db
      .select({
        contactId: contactDates.contactId,
        contactName: contacts.name,
        id: contactDates.id,
        kind: contactDates.kind,
        label: contactDates.label,
        date: contactDates.date,
        yearly: contactDates.yearly,
        contactAt: createdAt,
      })
      .from(contacts)
      .innerJoin(contactDates, eq(contactDates.contactId, id))
      .where(
        and(
          part,
          after &&
            sql`(${createdAt}, ${id}) >= (${after.contactAt.getTime()}, ${after.contactId}) and (${createdAt}, ${id}, ${contactDates.id}) > (${after.contactAt.getTime()}, ${after.contactId}, ${after.id})`,
        ),
      )
      .orderBy(asc(createdAt), asc(id), asc(contactDates.id))
      .limit(n);
  const pages = partByPart(parts, (part) =>
    pagesOf(
      (after: DateKey | undefined, n) => page(part, after, n),
      (row) => ({ contactAt: row.contactAt, contactId: row.contactId, id: row.id }),
      EXPORT_PAGE,
    ),
  );
  for await (const rows of pages) yield rows.map(({ contactAt: _key, id: _id, ...row }) => row);
}

/**
 * What an export holds: what the user created or all they may read (ExportScope), or a team's records (issue 51 §6: its
 * admin's export of the team, marked with the team in the file's `scope`).
 */
export type ExportSpace = ExportScope | { team: { id: number; name: string } };

/**
 * Everything the user created, or everything they may read (`scope`), and the teams they belong to, as one JSON
 * object; never the password hash or feed token. Written as it is read, a page at a time, so an account of any size
 * costs the server a page at once. A team's export is the same file over the team's rows: the exporting admin as its
 * `user` and their settings (the file's shape), the team as its only team, and none of anyone's personal lists,
 * snoozes or devices.
 */
export function exportData(db: Queryable, who: Authority, scope: ExportSpace) {
  const { userId } = who;
  const parts = (table: OwnedTable) => exportParts(table, who, scope);
  const team = typeof scope === 'object' ? scope.team : null;
  return jsonObject({
    exportedAt: { value: new Date() },
    ...(team ? { scope: { value: { team } } } : {}),
    user: {
      read: async () => {
        const [user] = await db
          .select({ ...userColumns, createdAt: users.createdAt, lastLogin: users.lastLogin, profileImage: users.profileImage })
          .from(users)
          .where(eq(users.id, userId));
        return user;
      },
    },
    // Each list in the order of its owner index: contacts as they were added, the rest by date.
    contacts: {
      pages: exportRows(
        contacts,
        contacts.createdAt,
        parts(contacts),
        (where, n) =>
          db
            .select({ ...answers.contactOwnRow.columns, tags: contactTagNames(who) })
            .from(contacts)
            .where(where)
            .orderBy(asc(contacts.createdAt), asc(contacts.id))
            .limit(n),
        (row) => row.createdAt,
      ),
    },
    activities: {
      pages: exportRows(
        activities,
        activities.date,
        parts(activities),
        (where, n) =>
          db
            .select(activityExportColumns(who))
            .from(activities)
            .innerJoin(contacts, eq(contacts.id, activities.contactId))
            .where(where)
            .orderBy(asc(activities.date), asc(activities.id))
            .limit(n),
        (row) => row.date,
      ),
    },
    followUps: {
      pages: exportRows(
        followUps,
        followUps.date,
        parts(followUps),
        (where, n) => selectFollowUps(db, who).where(where).orderBy(asc(followUps.date), asc(followUps.id)).limit(n),
        (row) => row.date,
      ),
    },
    // The user's own prayer lists (issue 50 §5), before the requests that name them.
    prayerLists: {
      pages: byId((after, n) =>
        db
          .select({ id: prayerLists.id, name: prayerLists.name, perDay: prayerLists.perDay, createdAt: prayerLists.createdAt })
          .from(prayerLists)
          .where(and(team ? eq(prayerLists.teamId, team.id) : and(eq(prayerLists.createdBy, userId), isNull(prayerLists.teamId)), gt(prayerLists.id, after)))
          .orderBy(asc(prayerLists.id))
          .limit(n),
      ),
    },
    prayerRequests: {
      pages: exportRows(
        prayerRequests,
        prayerRequests.date,
        parts(prayerRequests),
        (where, n) =>
          db
            .select({ ...prayerColumns, contactName: readableContactName(who), listId: authorsListId(who), listName: prayerLists.name })
            .from(prayerRequests)
            // A request about no one person has no contact (issue 50 §5); a list's name only for its author.
            .leftJoin(contacts, eq(contacts.id, prayerRequests.contactId))
            .leftJoin(prayerLists, and(eq(prayerLists.id, prayerRequests.listId), eq(prayerLists.createdBy, userId)))
            .where(where)
            .orderBy(asc(prayerRequests.date), asc(prayerRequests.id))
            .limit(n),
        (row) => row.date,
      ),
    },
    goals: {
      pages: partByPart(parts(goals), (part) =>
        byId(
          (after, n) =>
            db
              .select(goalColumns)
              .from(goals)
              .where(and(part, gt(goals.id, after)))
              .orderBy(asc(goals.id))
              .limit(n),
          GOAL_PAGE,
        ),
      ),
    },
    statusChanges: { pages: statusHistory(db, parts(contacts)) },
    milestones: { pages: milestoneRows(db, parts(contacts)) },
    contactDates: { pages: contactDateRows(db, parts(contacts)) },
    teams: {
      pages: byId((after, n) =>
        db
          .select({ id: teams.id, name: teams.name, description: teams.description, role: teamMembers.role, joinedAt: teamMembers.joinedAt })
          .from(teamMembers)
          .innerJoin(teams, eq(teams.id, teamMembers.teamId))
          .where(and(eq(teamMembers.userId, userId), team ? eq(teams.id, team.id) : undefined, gt(teams.id, after)))
          .orderBy(asc(teams.id))
          .limit(n),
      ),
    },
    settings: {
      read: async () => {
        // The nudge and reminder settings as Settings shows them; never the unsubscribe token (a credential) or the scheduler's bookkeeping.
        const { unsubscribeToken: _token, nextDigestAt: _next, ...nudgeSettings } = await readSettings(db, userId);
        return nudgeSettings;
      },
    },
    snoozes: {
      pages: pagesOf(
        (after: number | undefined, n) =>
          db
            .select({ contactId: contactSnoozes.contactId, contactName: contacts.name, until: contactSnoozes.until })
            .from(contactSnoozes)
            .innerJoin(contacts, eq(contacts.id, contactSnoozes.contactId))
            .where(and(eq(contactSnoozes.userId, userId), team ? sql`0` : undefined, gt(contactSnoozes.contactId, after ?? 0)))
            .orderBy(asc(contactSnoozes.contactId))
            .limit(n),
        (row) => row.contactId,
        EXPORT_PAGE,
      ),
    },
    /** Where this account's push notifications go: each device's push service address, as the browser gave it (at most SUBSCRIPTIONS_PER_USER). */
    pushDevices: {
      read: async () =>
        team
          ? []
          : db
              .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
              .from(pushSubscriptions)
              .where(eq(pushSubscriptions.userId, userId))
              .orderBy(asc(pushSubscriptions.id)),
    },
  });
}

/** The export's contacts by name (ignoring case, as SQLite's lower() folds it), a page at a time, each part in turn. */
function contactsForFile(db: Queryable, who: Authority, scope: ExportSpace) {
  const nameKey = sql<string>`lower(${contacts.name})`;
  return partByPart(exportParts(contacts, who, scope), (part) =>
    pagesOf(
      (after: { key: string; id: number } | undefined, n) =>
        db
          .select({ ...answers.contactOwnRow.columns, tags: contactTagNames(who), dates: contactDatesColumn, key: nameKey })
          .from(contacts)
          // The bound on the key alone lets SQLite seek the index on lower(name) (server/queries/paging.ts afterCursor).
          .where(and(part, after ? sql`${nameKey} >= ${after.key} and (${nameKey}, ${contacts.id}) > (${after.key}, ${after.id})` : undefined))
          .orderBy(asc(nameKey), asc(contacts.id))
          .limit(n),
      (row) => ({ key: row.key, id: row.id }),
      EXPORT_PAGE,
    ),
  );
}

/** A file of the export's contacts, written a page at a time; `write` gets each page and whether it is the first. */
export function contactsFile(
  db: Queryable,
  who: Authority,
  scope: ExportSpace,
  write: (page: (ContactFields & { createdAt: Date })[], first: boolean) => string,
): Download {
  return download(
    (async function* () {
      let first = true;
      for await (const page of contactsForFile(db, who, scope)) {
        yield write(page, first);
        first = false;
      }
      // An account without contacts still gets its file's first part (a CSV's header line).
      if (first) yield write([], true);
    })(),
  );
}

/** SQLite's lower() folds only A-Z; keys compared in JavaScript must fold the same way as those read from SQL. */
const sqliteLower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/** The emails and names among the file's drafts that a contact the user can already see has. */
async function knownKeys(db: Queryable, who: Authority, drafts: ContactDraft[]) {
  const emails = [...new Set(drafts.flatMap((d) => (d.email ? [d.email] : [])))];
  const names = [...new Set(drafts.filter((d) => !d.email).map((d) => d.name))];
  const emailKey = sql<string>`lower(${contacts.email})`;
  const nameKeys = [...new Set(names.map(foldText))];
  // One JSON parameter holds every value, whatever the file's size (SQLite caps the number of parameters).
  const [emailRows, nameRows] = await Promise.all([
    emails.length
      ? db
          .selectDistinct({ key: emailKey })
          .from(contacts)
          .where(and(canRead(contacts, who), sql`${emailKey} in (select lower(value) from json_each(${JSON.stringify(emails)}))`))
      : [],
    names.length
      ? db
          .selectDistinct({ key: contacts.nameKey })
          .from(contacts)
          // The folded keys (shared/fold.ts), through the name-key indexes: 'Lucia Fernandez' is 'Lucía Fernández'.
          .where(and(canRead(contacts, who), sql`${contacts.nameKey} in (select value from json_each(${JSON.stringify(nameKeys)}))`))
      : [],
  ]);
  return { emails: new Set(emailRows.map((r) => r.key)), names: new Set(nameRows.map((r) => r.key)) };
}

interface ImportPlan {
  valid: ContactDraft[];
  duplicates: { row: number; name: string; reason: string }[];
  problems: ImportProblem[];
  /** The first values of each kind the file holds and Sower cannot read (importExport.ts MAX_WARNINGS_PER_KIND), and how many in all. */
  warnings: ImportWarning[];
  warningCounts: ImportRead['warningCounts'];
}

/**
 * Sorts a file's valid rows into new contacts and duplicates: a row with an email is a duplicate of any contact the
 * user can see, or earlier row, with that email (ignoring case); a row without one, of any with the same name. The
 * reasons of duplicates and problems are in the user's language.
 */
async function planImport(db: Queryable, who: Authority, parsed: ImportRead, locale: Locale): Promise<ImportPlan> {
  const known = await knownKeys(db, who, parsed.drafts);
  await nextTurn();
  const problems = parsed.problems.map((problem) => ({ ...problem, reason: translateMessage(locale, problem.reason) }));
  const plan: ImportPlan = { valid: [], duplicates: [], problems, warnings: parsed.warnings, warningCounts: parsed.warningCounts };
  const emailRows = new Map<string, number>();
  const nameRows = new Map<string, number>();
  for (const draft of parsed.drafts) {
    const email = draft.email ? sqliteLower(draft.email) : null;
    const name = foldText(draft.name);
    let reason: string | null = null;
    if (email !== null) {
      if (known.emails.has(email)) reason = translate(locale, 'A contact with this email already exists');
      else if (emailRows.has(email)) reason = translate(locale, 'Same email as row {row}', { row: emailRows.get(email) });
    } else if (known.names.has(name)) reason = translate(locale, 'A contact with this name already exists');
    else if (nameRows.has(name)) reason = translate(locale, 'Same name as row {row}', { row: nameRows.get(name) });
    if (email !== null && !emailRows.has(email)) emailRows.set(email, draft.row);
    if (!nameRows.has(name)) nameRows.set(name, draft.row);
    if (reason) plan.duplicates.push({ row: draft.row, name: draft.name, reason });
    else plan.valid.push(draft);
  }
  plan.problems.sort((a, b) => a.row - b.row);
  return plan;
}

/**
 * Before the user row goes (and with it, by cascade, their memberships): a team where they are the only admin gets
 * its longest-standing remaining member as admin, and a team nobody else belongs to is deleted. See
 * docs/decisions/007-account-deletion.md.
 */
/**
 * The user's rows in teams stay with their teams (issue 30, decision 007): their author becomes the former member
 * (db/migrations/0015, the user '(former member)'), so the cascade of the user's own row takes only their personal
 * rows, and a teammate's records on a team contact the user created stay with the contact. The tally triggers follow.
 */
async function leaveTeamRows(tx: Tx, userId: number) {
  const formerMember = sql`(select ${users.id} from ${users} where ${users.usernameKey} = '(former member)')`;
  for (const table of [contacts, activities, followUps, prayerRequests, goals, tags])
    await tx
      .update(table)
      .set({ createdBy: formerMember })
      .where(and(eq(table.createdBy, userId), isNotNull(table.teamId)));
  // A personal contact others wrote records about (a team that ended gave it back to the user, and each record to its
  // author) keeps them a contact (issue 47): it goes to the stand-in, read by nobody, and only the user's own records
  // on it go with the account. Each check is one seek of the table's (contact, …) index.
  const othersWrote = (table: string) => sql.raw(`exists (select 1 from ${table} r where r.contact_id = contacts.id and r.created_by <> ${Number(userId)})`);
  await tx
    .update(contacts)
    .set({ createdBy: formerMember })
    .where(
      and(
        eq(contacts.createdBy, userId),
        isNull(contacts.teamId),
        sql`(${othersWrote('activities')} or ${othersWrote('follow_ups')} or ${othersWrote('prayer_requests')})`,
      ),
    );
}

async function handOverTeams(tx: Tx, userId: number) {
  const memberships = await tx.select({ teamId: teamMembers.teamId, role: teamMembers.role }).from(teamMembers).where(eq(teamMembers.userId, userId));
  for (const { teamId, role } of memberships) {
    const others = await tx
      .select({ userId: teamMembers.userId, role: teamMembers.role })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.userId, userId)))
      .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId));
    // Its last member ends it: the rows of people no longer in it come to them, and so go with their account.
    if (!others.length) await endTeam(tx, teamId, userId);
    else if (role === 'admin' && !others.some((member) => member.role === 'admin'))
      await tx
        .update(teamMembers)
        .set({ role: 'admin' })
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, others[0].userId)));
  }
}

export const accountRouter = router({
  updateProfile: protectedProcedure
    .input(profileUpdateInput)
    .output(answer(answers.user))
    .mutation(async ({ ctx, input }) => {
      const userId = ctx.user.id;
      const { currentPassword, ...changes } = input;
      const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      const newEmail = changes.email !== undefined && changes.email.toLowerCase() !== ctx.user.email.toLowerCase();
      // Whether an address is taken is only answered to someone who proved they hold the account, at sign-in's pace.
      if (newEmail) {
        if (!currentPassword) throw fieldError('currentPassword', EMAIL_NEEDS_PASSWORD);
        await assertPassword(ctx, currentPassword, 'currentPassword', msg('Current password is incorrect'));
      }
      let addressChanged = false;
      const user = await conflictOnDuplicate(
        () =>
          ctx.database.write(async (tx) => {
            if (newEmail) {
              const [taken] = await tx
                .select({ id: users.id })
                .from(users)
                .where(and(sql`lower(${users.email}) = lower(${changes.email})`, ne(users.id, userId)));
              if (taken) throw fieldConflict(EMAIL_TAKEN);
            }
            // Any other spelling of the address, even in case alone, is an address nobody has confirmed yet.
            const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
            addressChanged = changes.email !== undefined && changes.email !== before?.email;
            if (Object.keys(values).length) await tx.update(users).set(values).where(eq(users.id, userId));
            if (addressChanged) {
              await forgetConfirmation(tx, userId);
              await recordSecurityEvent(tx, userId, 'email-changed', ctx.userAgent);
            }
            const [user] = await tx.select(userColumns).from(users).where(eq(users.id, userId));
            return user;
          }),
        () => EMAIL_TAKEN,
      );
      if (addressChanged) await offerConfirmation(ctx, userId, user.email);
      return user;
    }),

  /** The language Sower speaks to the user, on every device and in what the server writes (emails, calendar feed). */
  setLanguage: protectedProcedure
    .input(languageInput)
    .output(answer(answers.languageSet))
    .mutation(async ({ ctx, input }) => {
      await ctx.database.write((tx) => tx.update(users).set({ language: input.language }).where(eq(users.id, ctx.user.id)));
      return { language: input.language };
    }),

  /** Signs out every other session of the user; the one that changed the password stays signed in. */
  changePassword: protectedProcedure
    .input(changePasswordInput)
    .output(answer(answers.done))
    .mutation(async ({ ctx, input }) => {
      await assertPassword(ctx, input.currentPassword, 'currentPassword', msg('Current password is incorrect'));
      const passwordHash = await hashPassword(input.newPassword);
      await ctx.database.write(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, ctx.user.id));
        await recordSecurityEvent(tx, ctx.user.id, 'password-changed', ctx.userAgent);
      });
      if (ctx.session) await ctx.auth.invalidateOtherSessions(ctx.user.id, ctx.session.id);
      else await ctx.auth.invalidateUserSessions(ctx.user.id);
      return { success: true as const };
    }),

  /** Every download below is counted for the account and the address before anything is read (server/downloads.ts). */
  export: protectedProcedure
    .input(exportInput)
    .output(fileAnswer(answers.accountExport))
    .query(async ({ ctx, input }) => {
      await countExport(ctx);
      return exportData(ctx.database.read, ctx.authority, input?.scope ?? 'created');
    }),

  /**
   * The same export as an age file (age-encryption.org/v1) that only the passphrase opens (decision 033): counted as an
   * export first, then the passphrase's key derived (scrypt, one at a time in the process), then the JSON encrypted as it
   * is read. The passphrase is in the body only, and nothing keeps it.
   */
  exportEncrypted: protectedProcedure
    .input(encryptedExportInput)
    .output(plainFileAnswer())
    .mutation(async ({ ctx, input }) => {
      await countExport(ctx);
      const encrypt = await ageEncrypter(input.passphrase, ctx);
      return download(encrypt(exportData(ctx.database.read, ctx.authority, input.scope ?? 'created').parts));
    }),

  /**
   * The contacts the user created, or all they may read (`scope`), as CSV text (RFC 4180), for a spreadsheet and a
   * person: titles and status words in their language, the dates ISO 8601 in the time zone of their reminder settings
   * (UTC, said so, without one).
   */
  exportContactsCsv: protectedProcedure
    .input(exportInput)
    .output(plainFileAnswer())
    .query(async ({ ctx, input }) => {
      await countExport(ctx);
      const { timeZone } = await readSettings(ctx.database.read, ctx.user.id);
      return contactsFile(ctx.database.read, ctx.authority, input?.scope ?? 'created', (page, first) => contactsToCsv(page, ctx.locale, first, timeZone));
    }),

  /** The same contacts as vCard 3.0 text, for an address book. */
  exportContactsVcard: protectedProcedure
    .input(exportInput)
    .output(plainFileAnswer())
    .query(async ({ ctx, input }) => {
      await countExport(ctx);
      return contactsFile(ctx.database.read, ctx.authority, input?.scope ?? 'created', contactsToVcard);
    }),

  /** What an import reads (column titles and status words), the user's language first: the help beside the file picker. */
  importHelp: protectedProcedure.output(answer(answers.importHelp)).query(({ ctx }) => importHelp(ctx.locale)),

  /** What an import would do, writing nothing. */
  previewImport: protectedProcedure
    .input(importInput)
    .output(answer(answers.importPreview))
    .mutation(async ({ ctx, input }) => planImport(ctx.database.read, ctx.authority, await contactsFromFile(input.format, input.text), ctx.locale)),

  /** Parses the file again and creates every valid, new contact in one transaction. */
  confirmImport: protectedProcedure
    .input(importInput)
    .output(answer(answers.imported))
    .mutation(async ({ ctx, input }) => {
      const parsed = await contactsFromFile(input.format, input.text);
      return ctx.database.write(async (tx) => {
        const plan = await planImport(tx, ctx.authority, parsed, ctx.locale);
        const rows = plan.valid.map(({ row: _row, tags: names, dates, ...fields }) => ({
          fields: { ...fields, teamId: null },
          names: names ?? [],
          dates: dates ?? [],
        }));
        const plain = (row: (typeof rows)[number]) => row.names.length === 0 && row.dates.length === 0;
        await insertContacts(
          tx,
          ctx.authority,
          rows.filter(plain).map((row) => row.fields),
        );
        // A tagged or dated contact one statement each: SQLite promises no order for the rows a multi-row RETURNING answers.
        const tagged: { contactId: number; names: string[] }[] = [];
        const dated: { contactId: number; dates: FileContactDate[] }[] = [];
        for (const row of rows.filter((each) => !plain(each))) {
          const [contact] = await insertContacts(tx, ctx.authority, [row.fields]);
          tagged.push({ contactId: contact.id, names: row.names });
          dated.push({ contactId: contact.id, dates: row.dates });
        }
        await tagNewContacts(tx, ctx.user.id, tagged);
        await insertFileDates(tx, ctx.user.id, dated);
        await recordSecurityEvent(tx, ctx.user.id, 'import', ctx.userAgent);
        return { created: plan.valid.length, skipped: plan.duplicates, problems: plan.problems };
      });
    }),

  /** Deletes the user and, by cascade, every row they created; signs them out everywhere. */
  deleteAccount: protectedProcedure
    .input(deleteAccountInput)
    .output(answer(answers.done))
    .mutation(async ({ ctx, input }) => {
      const userId = ctx.user.id;
      await assertPassword(ctx, input.password, 'password', msg('Password is incorrect'));
      await ctx.database.write(async (tx) => {
        await handOverTeams(tx, userId);
        await leaveTeamRows(tx, userId);
        await tx.delete(users).where(eq(users.id, userId));
      });
      await ctx.auth.invalidateUserSessions(userId);
      ctx.setCookie(ctx.auth.blankSessionCookie(ctx.secure));
      return { success: true as const };
    }),
});

// A team's own export (issue 51 §6) and its prayer setting (§5), merged into the teams router (routers/index.ts): an
// admin downloads every record of the team in the personal export's formats, marked as the team's, and the export is
// noted in every admin's security log. Here beside the export they share.

/**
 * An admin only (a member or viewer is refused in the role's words, anyone else finds no team), counted as the
 * admin's download, and noted as a team export in each admin's log before anything is read: the team's admins all
 * see that its records left, and who took them (their own log's device line is the exporter's).
 */
async function startTeamExport(ctx: SignedInContext & { authority: Authority }, teamId: number) {
  await assertTeamAdmin(ctx.database.read, teamId, ctx.authority);
  await countDownload(ctx, ctx.user.id);
  return ctx.database.write(async (tx) => {
    const [team] = await tx.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, teamId));
    if (!team) throw notFound(TEAM_NOT_FOUND);
    const admins = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'admin')));
    for (const admin of admins) await recordSecurityEvent(tx, admin.userId, 'team-export', admin.userId === ctx.user.id ? ctx.userAgent : undefined);
    return team;
  });
}

export const teamExportRouter = router({
  /** The team's records as the personal export's JSON, with `scope: {team: {id, name}}`. */
  export: protectedProcedure
    .input(teamIdInput)
    .output(fileAnswer(answers.teamExport))
    .query(async ({ ctx, input }) => {
      const team = await startTeamExport(ctx, input.teamId);
      // exportData's file has `scope` exactly when it is given a team (its type cannot say so).
      return exportData(ctx.database.read, ctx.authority, { team }) as unknown as Download<z.output<typeof answers.teamExport>>;
    }),

  /** The team's contacts as the personal contacts CSV (same columns, the admin's language and time zone). */
  exportContactsCsv: protectedProcedure
    .input(teamIdInput)
    .output(plainFileAnswer())
    .query(async ({ ctx, input }) => {
      const team = await startTeamExport(ctx, input.teamId);
      const { timeZone } = await readSettings(ctx.database.read, ctx.user.id);
      return contactsFile(ctx.database.read, ctx.authority, { team }, (page, first) => contactsToCsv(page, ctx.locale, first, timeZone));
    }),

  /** The team's prayer setting, for any of its people (an admin changes it with teams.update). */
  prayerSettings: protectedProcedure
    .input(teamIdInput)
    .output(answer(answers.teamPrayerSettings))
    .query(async ({ ctx, input }) => {
      if (!(await teamRole(ctx.database.read, input.teamId, ctx.authority))) throw notFound(TEAM_NOT_FOUND);
      const [team] = await ctx.database.read.select({ prayerNames: teams.prayerNames }).from(teams).where(eq(teams.id, input.teamId));
      if (!team) throw notFound(TEAM_NOT_FOUND);
      return team;
    }),
});
