// How many of the team prayed for a team request this week (issue 51 §5), shown to everyone who reads it (the author
// first of all), with who when the team chose to show names. Nothing for a personal request.
import { t } from '../../i18n';

export function TeamPrayedLine({ prayer }: { prayer: { teamId: number | null; teamPrayedThisWeek?: number; teamPrayedNames?: string[] | null } }) {
  if (prayer.teamId === null || prayer.teamPrayedThisWeek === undefined) return null;
  return (
    <span className="wrap-anywhere" data-testid="team-prayed">
      {t('{count, plural, =0 {No teammates prayed this week} one {# teammate prayed this week} other {# teammates prayed this week}}', {
        count: prayer.teamPrayedThisWeek,
      })}
      {prayer.teamPrayedNames?.length ? (
        <span dir="auto" className="block text-xs">
          {t('This week: {names}', { names: prayer.teamPrayedNames.join(', ') })}
        </span>
      ) : null}
    </span>
  );
}
