// Team and membership inputs (SPEC §5: team name min 2; roles admin, member, viewer).
import { z } from 'zod';
import { msg } from '../../shared/i18n';
import { teamRoles } from '../../shared/vocabulary';
import { id, LIMITS, optionalText } from './common';

export const teamRoleSchema = z.enum(teamRoles, { error: msg('Role must be admin, member or viewer') });

const name = z
  .string({ error: msg('Team name must be at least 2 characters') })
  .trim()
  .min(2, msg('Team name must be at least 2 characters'))
  .max(100, msg('Team name must be at most 100 characters'));

export const teamCreateInput = z.object({ name, description: optionalText(LIMITS.description, msg('Description')) });
export const teamUpdateInput = z.object({ id, name: name.optional(), description: optionalText(LIMITS.description, msg('Description')).optional() });

export const memberAddInput = z
  .object({ teamId: id, userId: id.optional(), username: z.string().trim().min(1).max(50).optional(), role: teamRoleSchema.default('member') })
  .refine((v) => v.userId !== undefined || v.username !== undefined, { message: msg('Give a userId or a username'), path: ['userId'] });
export const memberUpdateInput = z.object({ teamId: id, userId: id, role: teamRoleSchema });
export const memberRemoveInput = z.object({ teamId: id, userId: id });

/** An invitation of the caller's (accept, decline). */
export const invitationIdInput = z.object({ id });
/** An invitation of a team the caller administers (withdraw). */
export const teamInvitationInput = z.object({ teamId: id, invitationId: id });
