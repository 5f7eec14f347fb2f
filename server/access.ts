// The one place that says which rows a user may see and change: own rows, and team rows by role.
import { TRPCError } from '@trpc/server';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Queryable } from '../db/client';
import { teamMembers, type TeamRole } from '../db/schema';

/** A table that carries the ownership columns. */
export interface OwnedTable {
  id: SQLiteColumn;
  teamId: SQLiteColumn;
  createdBy: SQLiteColumn;
}

const rolesThatEdit: TeamRole[] = ['admin', 'member'];

function inTeamsWhere(table: OwnedTable, userId: number, roles?: TeamRole[]): SQL {
  const roleFilter = roles ? sql` and role in (${sql.join(roles.map((r) => sql`${r}`), sql`, `)})` : sql``;
  return sql`${table.teamId} in (select team_id from team_members where user_id = ${userId}${roleFilter})`;
}

/** Rows the user created, or rows of a team they belong to (any role). */
export function canRead(table: OwnedTable, userId: number): SQL {
  return sql`(${table.createdBy} = ${userId} or ${inTeamsWhere(table, userId)})`;
}

/** Rows the user created, or rows of a team where they are admin or member. */
export function canEdit(table: OwnedTable, userId: number): SQL {
  return sql`(${table.createdBy} = ${userId} or ${inTeamsWhere(table, userId, rolesThatEdit)})`;
}

/** Rows the user created, or rows of a team they administer. */
export function canDelete(table: OwnedTable, userId: number): SQL {
  return sql`(${table.createdBy} = ${userId} or ${inTeamsWhere(table, userId, ['admin'])})`;
}

/** Global library rows (no author) are readable by everyone signed in. */
export function canReadResource(table: OwnedTable, userId: number): SQL {
  return sql`(${table.createdBy} is null or ${canRead(table, userId)})`;
}

export function readableRow(table: OwnedTable, rowId: number, userId: number): SQL {
  return and(eq(table.id, rowId), canRead(table, userId))!;
}

export const notFound = (what: string) => new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });
export const forbidden = () => new TRPCError({ code: 'FORBIDDEN', message: 'You do not have permission to change this' });

/**
 * Called when an update or delete matched no row: a row the user may read but not change is 403,
 * anything else (missing or someone else's) is 404, so existence does not leak.
 */
export async function denyWrite(db: Queryable, table: OwnedTable, rowId: number, userId: number, what: string): Promise<never> {
  const visible = await db
    .select({ id: table.id })
    .from(table as never)
    .where(readableRow(table, rowId, userId))
    .limit(1);
  throw visible.length ? forbidden() : notFound(what);
}

export async function teamRole(db: Queryable, teamId: number, userId: number): Promise<TeamRole | null> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.role ?? null;
}

/** Creating a row in a team needs admin or member; a viewer is refused, a stranger sees no such team. */
export async function assertCanCreateIn(db: Queryable, teamId: number | null, userId: number) {
  if (teamId === null) return;
  const role = await teamRole(db, teamId, userId);
  if (!role) throw notFound('Team');
  if (!rolesThatEdit.includes(role)) throw forbidden();
}

/** Team management (rename, delete, members) is for admins. */
export async function assertTeamAdmin(db: Queryable, teamId: number, userId: number) {
  const role = await teamRole(db, teamId, userId);
  if (!role) throw notFound('Team');
  if (role !== 'admin') throw forbidden();
}

/** Only the rows the user created: for effects that act on the user's own records (goal progress). */
export function ownedBy(table: OwnedTable, userId: number): SQL {
  return eq(table.createdBy, userId);
}
