// For a team's admins: renaming the team, and deleting it behind a dialog that names it and says what becomes of its rows.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { teamUpdateInput } from '../../../server/schemas/teams';
import { FieldGroup, SubmitButton, TextAreaField } from '../../forms/Fields';
import { TextField } from '../../forms/TextField';
import { useFormState } from '../../forms/useFormState';
import { useTeams, type Team } from '../../hooks/useTeams';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n';
import { ConfirmDialog } from '../ConfirmDialog';

export function TeamSettings({ team }: { team: Team }) {
  const { updateTeam, deleteTeam } = useTeams();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { values, set, errors, submit } = useFormState({ name: team.name, description: team.description ?? '' });
  const failed = (description: string) => toast({ title: t('Error'), description, variant: 'destructive' });

  const onSubmit = submit(
    teamUpdateInput,
    (v) => ({ id: team.id, name: v.name, description: v.description.trim() || null }),
    async ({ id, ...changes }) => {
      setSaving(true);
      const updated = await updateTeam(id, changes);
      setSaving(false);
      if (updated) toast({ title: t('Team updated'), variant: 'success' });
      else failed(t('The team could not be saved.'));
    },
  );

  return (
    <>
      <form noValidate onSubmit={onSubmit}>
        <FieldGroup>
          <TextField name="name" label={t('Team name')} value={values.name} error={errors.name} onChange={(e) => set('name', e.target.value)} />
          <TextAreaField
            name="description"
            label={t('Description (optional)')}
            value={values.description}
            error={errors.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </FieldGroup>
        <SubmitButton busy={saving} label={t('Save team')} busyLabel={t('Saving...')} />
      </form>
      <div className="mt-2 flex flex-col gap-3 border-t border-base-300 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-base-content/80">{t('Deleting the team cannot be undone.')}</p>
        <button type="button" className="btn btn-outline btn-error" onClick={() => setAsking(true)}>
          {t('Delete team')}
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('Delete the team {name}?', { name: team.name })}
        message={t(
          'Nothing the team recorded is deleted: each contact, activity, follow-up, prayer request and goal becomes a personal row of the person who created it, and the others no longer see it. The members, invitations and invite links go.',
        )}
        confirmLabel={t('Delete team')}
        busy={deleting}
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          setDeleting(true);
          const deleted = await deleteTeam(team.id);
          setDeleting(false);
          if (!deleted) return failed(t('The team could not be deleted.'));
          toast({ title: t('Team deleted'), variant: 'success' });
          void navigate('/settings/teams', { replace: true });
        }}
      />
    </>
  );
}
