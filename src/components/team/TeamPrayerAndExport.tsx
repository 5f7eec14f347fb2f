// For a team's admins (issue 51 §5, §6): whether the team's prayer requests show who prayed this week, and the team's
// own export (every record of the team, JSON or the contacts as CSV), noted in the admins' security logs.
import { useId } from 'react';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

export function TeamPrayerNames({ teamId }: { teamId: number }) {
  const utils = trpc.useUtils();
  const setting = trpc.teams.prayerSettings.useQuery({ teamId });
  const update = trpc.teams.update.useMutation();
  const { toast } = useToast();
  const id = useId();
  const change = (prayerNames: boolean) =>
    void update.mutateAsync({ id: teamId, prayerNames }).then(
      async () => {
        toast({ title: t('Team updated'), variant: 'success' });
        await Promise.all([utils.teams.prayerSettings.invalidate({ teamId }), utils.prayerRequests.invalidate()]);
      },
      (error: unknown) => toast({ title: t('Error'), description: errorMessage(error, t('The team could not be saved.')), variant: 'destructive' }),
    );
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="flex cursor-pointer items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="toggle mt-0.5 shrink-0 toggle-primary"
          checked={setting.data?.prayerNames ?? false}
          disabled={!setting.data || update.isPending}
          onChange={(event) => change(event.target.checked)}
        />
        <span className="text-sm font-medium">{t('Show who prayed')}</span>
      </label>
      <p className="text-sm text-base-content/75">
        {t(
          "Everyone in the team, viewers too, can pray for the team's requests, and each request shows how many teammates prayed for it this week. With this on, it also shows their names.",
        )}
      </p>
    </div>
  );
}

export function TeamExport({ teamId }: { teamId: number }) {
  const links = [
    {
      href: `/api/teams/${teamId}/export`,
      label: t('Export team data (JSON)'),
      hint: t('Every contact, activity, follow-up, prayer request and goal of the team'),
    },
    { href: `/api/teams/${teamId}/export/contacts.csv`, label: t('Team contacts (CSV)'), hint: t('For a spreadsheet') },
  ];
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-base-content/75">
        {t("No member's personal records are in it. Each export is noted in the security log of every admin of the team.")}
      </p>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {links.map(({ href, label, hint }) => (
          <li key={href}>
            {/* The server names each file (Content-Disposition); the session cookie goes along as with any same-origin link. */}
            <a href={href} download className="flex h-full flex-col gap-1 rounded-field border border-base-300 px-4 py-3 transition-colors hover:bg-base-200">
              <span className="text-sm font-semibold wrap-anywhere">{label}</span>
              <span className="text-xs text-base-content/70 wrap-anywhere">{hint}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
