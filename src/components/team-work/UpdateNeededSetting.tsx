// A team's "update needed after N days" (issue 51 §2), for its admins: an assigned contact untouched that long is
// marked "Update needed" and its assignee is nudged.
import { useState } from 'react';
import { TextField } from '../../forms/TextField';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n';
import { trpc } from '../../lib/trpc';

export function UpdateNeededSetting({ team }: { team: { id: number; updateNeededDays: number } }) {
  const [days, setDays] = useState(String(team.updateNeededDays));
  const [error, setError] = useState<string | undefined>();
  const save = trpc.teams.settings.useMutation();
  const utils = trpc.useUtils();
  const { toast } = useToast();
  return (
    <form
      method="post"
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        save.mutate(
          { teamId: team.id, updateNeededDays: Number(days) },
          {
            onSuccess: () => {
              toast({ variant: 'success', title: t('Settings saved') });
              void utils.invalidate();
            },
            onError: (failure) => setError(failure.message),
          },
        );
      }}
    >
      <TextField
        name="updateNeededDays"
        type="number"
        inputMode="numeric"
        min={1}
        max={365}
        label={t('Update needed after (days)')}
        hint={t('An assigned contact with no activity for this many days is marked “Update needed”, and its assignee is reminded.')}
        value={days}
        error={error}
        onChange={(e) => setDays(e.target.value)}
      />
      <button type="submit" className="btn btn-outline btn-sm" disabled={save.isPending}>
        {t('Save')}
      </button>
    </form>
  );
}
