// For a team's admins: inviting a person by username (decision 013: they join only by accepting) and the invitations
// still open, each with Withdraw.
import { z } from 'zod';
import { memberAddInput } from '../../../shared/schemas/teams';
import { teamRoles, type TeamRole } from '../../../shared/vocabulary';
import { SelectField, SubmitButton } from '../../forms/Fields';
import { TextField } from '../../forms/TextField';
import { useFormState } from '../../forms/useFormState';
import { useFailureToast } from '../../hooks/useFailureToast';
import { useToast } from '../../hooks/useToast';
import { msg, t } from '../../i18n';
import { errorMessage } from '../../lib/errors';
import { formatDay } from '../../lib/dates';
import { trpc } from '../../lib/trpc';
import { roleHint, roleLabel } from './teamWords';

// An invitation names a username here; the server's schema also takes a user id, which no screen shows.
const inviteForm = z.object({ username: z.string().trim().min(1, msg('Enter a username')).max(50), role: z.enum(teamRoles) });

/** Whom the admin named: the username as they typed it (its key), or a user id given through the API. */
function invitee(text: string): string {
  return text.startsWith('name:') ? text.slice(5) : t('User #{id}', { id: text.slice(3) });
}

export function TeamInvitations({ teamId }: { teamId: number }) {
  const utils = trpc.useUtils();
  const pending = trpc.teams.invitations.list.useQuery({ teamId });
  const add = trpc.teams.members.add.useMutation();
  const withdraw = trpc.teams.invitations.withdraw.useMutation();
  const { toast } = useToast();
  const failed = useFailureToast();
  const { values, set, errors, submit } = useFormState({ username: '', role: 'member' as TeamRole });

  const onSubmit = submit(
    inviteForm,
    (v) => v,
    async (input) => {
      try {
        await add.mutateAsync(memberAddInput.parse({ teamId, ...input }));
      } catch (error) {
        failed(error, t('The invitation could not be sent.'));
        throw error;
      }
      set('username', '');
      toast({ title: t('Invitation sent'), variant: 'success' });
      await utils.teams.invitations.list.invalidate({ teamId });
    },
  );

  return (
    <div className="flex flex-col gap-4">
      <form method="post" noValidate onSubmit={onSubmit}>
        <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
          <TextField
            name="username"
            label={t('Username')}
            autoComplete="off"
            value={values.username}
            error={errors.username}
            hint={t('A person with that username will see the invitation in Sower, and joins only if they accept.')}
            onChange={(e) => set('username', e.target.value)}
          />
          <SelectField
            name="role"
            label={t('Role')}
            value={values.role}
            options={teamRoles.map((role) => ({ value: role, label: roleLabel(role) }))}
            onChange={(e) => set('role', e.target.value as TeamRole)}
          />
        </div>
        <p className="mt-2 text-xs text-base-content/70">{roleHint(values.role)}</p>
        <SubmitButton busy={add.isPending} label={t('Invite')} busyLabel={t('Sending...')} />
      </form>
      {!!pending.data?.length && (
        <div>
          <h3 className="mb-1 text-sm font-semibold">{t('Waiting for an answer')}</h3>
          <ul className="flex flex-col divide-y divide-base-300">
            {pending.data.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="sent-invitation">
                <div className="min-w-0">
                  <p dir="auto" className="truncate font-medium">
                    {invitee(invitation.invitee)}
                  </p>
                  <p className="text-xs text-base-content/70">
                    {t('{role}, open until {date}', { role: roleLabel(invitation.role), date: formatDay(invitation.expiresAt) })}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={withdraw.isPending}
                  onClick={() =>
                    void withdraw.mutateAsync({ teamId, invitationId: invitation.id }).then(
                      () => utils.teams.invitations.list.invalidate({ teamId }),
                      (error: unknown) =>
                        toast({ title: t('Error'), description: errorMessage(error, t('The invitation could not be withdrawn.')), variant: 'destructive' }),
                    )
                  }
                >
                  {t('Withdraw')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
