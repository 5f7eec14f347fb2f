// Team and membership inputs (SPEC §5: team name min 2; roles admin, member, viewer).
import { z } from 'zod';
import { msg } from '../i18n';
import { linkRoles, teamRoles } from '../vocabulary';
import { emailSchema } from './authFields';
import { id, LIMITS, optionalText } from './common';

export const teamRoleSchema = z.enum(teamRoles, { error: msg('Role must be admin, member or viewer') });

const name = z
  .string({ error: msg('Team name must be at least 2 characters') })
  .trim()
  .min(2, msg('Team name must be at least 2 characters'))
  .max(100, msg('Team name must be at most 100 characters'));

export const teamCreateInput = z.strictObject({ name, description: optionalText(LIMITS.description, msg('Description')) });
export const teamUpdateInput = z.strictObject({
  id,
  name: name.optional(),
  description: optionalText(LIMITS.description, msg('Description')).optional(),
  /** Show who prayed for a team request this week, not only how many (issue 51 §5). */
  prayerNames: z.boolean().optional(),
});

export const memberAddInput = z
  .strictObject({ teamId: id, userId: id.optional(), username: z.string().trim().min(1).max(50).optional(), role: teamRoleSchema.default('member') })
  .refine((v) => v.userId !== undefined || v.username !== undefined, { message: msg('Give a userId or a username'), path: ['userId'] });
export const memberUpdateInput = z.strictObject({ teamId: id, userId: id, role: teamRoleSchema });
export const memberRemoveInput = z.strictObject({ teamId: id, userId: id });

/** An invitation of the caller's (accept, decline). */
export const invitationIdInput = z.strictObject({ id });
/** An invitation of a team the caller administers (withdraw). */
export const teamInvitationInput = z.strictObject({ teamId: id, invitationId: id });

/** A new invite link: its role, how many days it works (1–30, default 7) and at most how many people may join by it. */
export const inviteLinkCreateInput = z.strictObject({
  teamId: id,
  role: z.enum(linkRoles, { error: msg('An invite link gives the role member or viewer') }),
  expiresInDays: z.coerce
    .number({ error: msg('An invite link works for 1 to 30 days') })
    .int(msg('An invite link works for 1 to 30 days'))
    .min(1, msg('An invite link works for 1 to 30 days'))
    .max(30, msg('An invite link works for 1 to 30 days'))
    .default(7),
  maxUses: z.coerce
    .number({ error: msg('An invite link may be used 1 to 1000 times') })
    .int(msg('An invite link may be used 1 to 1000 times'))
    .min(1, msg('An invite link may be used 1 to 1000 times'))
    .max(1000, msg('An invite link may be used 1 to 1000 times'))
    .optional(),
});
/** One invite link of a team the caller administers (revoke). */
export const inviteLinkIdInput = z.strictObject({ teamId: id, id });
/** An invite link mailed to an address. */
export const inviteLinkEmailInput = z.strictObject({ teamId: id, id, email: emailSchema });
/** A team of the caller's (its links, leaving it). */
export const teamIdInput = z.strictObject({ teamId: id });
/**
 * An invite link's code as typed into a URL: any short text, so a malformed code is refused like a wrong one (404),
 * after it has been counted (server/routers/inviteLinks.ts).
 */
export const inviteCodeInput = z.strictObject({ code: z.string().max(200, msg('Invite link not found')) });

/** A team's settings (issue 51 §2): after how many days without activity an assigned contact needs an update. */
export const teamSettingsInput = z.strictObject({
  teamId: id,
  updateNeededDays: z.coerce
    .number({ error: msg('Update needed after must be a number of days') })
    .int(msg('Update needed after must be a whole number of days'))
    .min(1, msg('Update needed after must be between 1 and 365 days'))
    .max(365, msg('Update needed after must be between 1 and 365 days')),
});
