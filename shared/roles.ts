// What each team role may do (issue 30): the one matrix the server's access rules (server/access.ts) and the screens
// (which menus and forms they offer) both read, so the interface never offers what the server refuses.
import { msg } from './i18n';
import type { TeamRole } from './vocabulary';

/** The things a person may do with a team's rows and with the team itself. */
export type TeamAction =
  /** Read the team's rows. */
  | 'read'
  /** Create rows in the team (and move one's own contact into it). */
  | 'create'
  /** Change or delete the team rows one created. */
  | 'changeOwn'
  /** Change or delete any team row, whoever created it. */
  | 'changeAny'
  /** Pray for any of the team's prayer requests (the count goes up; nothing the author wrote changes). */
  | 'pray'
  /** Assign a team contact to oneself, or hand one's own assignment back. */
  | 'assignSelf'
  /** Assign a team contact to any member. */
  | 'assignAnyone'
  /** Rename or delete the team, manage members, invitations and invite links, see each member's figures. */
  | 'manage';

export const teamAbilities: Record<TeamRole, readonly TeamAction[]> = {
  admin: ['read', 'create', 'changeOwn', 'changeAny', 'pray', 'assignSelf', 'assignAnyone', 'manage'],
  member: ['read', 'create', 'changeOwn', 'pray', 'assignSelf'],
  // A viewer is often a praying partner: they pray for the team's requests (issue 51 §5), which changes nothing the author wrote.
  viewer: ['read', 'pray'],
};

/** Whether a role may do an action. */
export const roleCan = (role: TeamRole | null | undefined, action: TeamAction): boolean => !!role && teamAbilities[role].includes(action);

/** The roles that may do an action: what the server's SQL conditions name. */
export const rolesThatCan = (action: TeamAction): TeamRole[] => (Object.keys(teamAbilities) as TeamRole[]).filter((role) => roleCan(role, action));

/**
 * Whether a person may change (edit or delete) a row: their own personal row always; a team row by their role in its
 * team, and for a row they created, `changeOwn` is enough.
 */
export function mayChange(row: { teamId: number | null; createdBy: number }, userId: number, role: TeamRole | null | undefined): boolean {
  if (row.teamId === null) return row.createdBy === userId;
  return roleCan(role, 'changeAny') || (row.createdBy === userId && roleCan(role, 'changeOwn'));
}

/** Whether a person may pray for a prayer request (one more on its count): their own personal one, a team one by role. */
export function mayPray(row: { teamId: number | null; createdBy: number }, userId: number, role: TeamRole | null | undefined): boolean {
  return row.teamId === null ? row.createdBy === userId : roleCan(role, 'pray');
}

/**
 * Whether a person may write records about a contact they can read (records follow their contact, issue 30): a
 * personal one (theirs, or they could not read it), or one of a team where their role may create. The server's
 * canWriteAbout (server/access.ts) is this rule in SQL; the forms' contact pickers offer only such contacts (issue 48).
 */
export const mayWriteAbout = (contact: { teamId: number | null }, role: TeamRole | null | undefined): boolean =>
  contact.teamId === null || roleCan(role, 'create');

/**
 * What a role cannot do, as the person refused for it reads it (issue 48): never "try again", which could not work. A
 * sentence per refused role and action; `{team}` is the team's name (isolated: shared/i18n.ts). Undefined where the
 * role may do it.
 */
export function refusalOf(role: TeamRole, action: TeamAction): string | undefined {
  if (roleCan(role, action)) return undefined;
  if (action === 'manage') return msg('Only the admins of {team} can manage the team, its members and its invitations.');
  // Assigning is refused in the assignment's own words (server/routers/contactTeam.ts), each naming who may.
  if (action === 'assignSelf' || action === 'assignAnyone') return undefined;
  // A role that may not create only reads.
  if (!roleCan(role, 'create')) return msg("Viewers of {team} can read the team's records but cannot add or change them.");
  if (action === 'changeAny') return msg('Members of {team} can change only the team records they added themselves.');
  return undefined;
}
