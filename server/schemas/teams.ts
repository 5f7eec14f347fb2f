// Team and membership inputs (SPEC §5: team name min 2; roles admin, member, viewer).
import { z } from 'zod';
import { teamRoles } from '../../shared/vocabulary';
import { id, LIMITS, optionalText } from './common';

export const teamRoleSchema = z.enum(teamRoles, { error: 'Role must be admin, member or viewer' });

const name = z
  .string({ error: 'Team name must be at least 2 characters' })
  .trim()
  .min(2, 'Team name must be at least 2 characters')
  .max(100, 'Team name must be at most 100 characters');

export const teamCreateInput = z.object({ name, description: optionalText(LIMITS.description, 'Description') });
export const teamUpdateInput = z.object({ id, name: name.optional(), description: optionalText(LIMITS.description, 'Description').optional() });

export const memberAddInput = z
  .object({ teamId: id, userId: id.optional(), username: z.string().trim().min(1).max(50).optional(), role: teamRoleSchema.default('member') })
  .refine((v) => v.userId !== undefined || v.username !== undefined, { message: 'Give a userId or a username', path: ['userId'] });
export const memberUpdateInput = z.object({ teamId: id, userId: id, role: teamRoleSchema });
export const memberRemoveInput = z.object({ teamId: id, userId: id });

/** An invitation of the caller's (accept, decline). */
export const invitationIdInput = z.object({ id });
/** An invitation of a team the caller administers (withdraw). */
export const teamInvitationInput = z.object({ teamId: id, invitationId: id });
