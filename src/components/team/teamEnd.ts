// What the dialogs that end a team (deleting it, its last member leaving) say becomes of the rows of people no longer
// in it (issue 47): they come to whoever ends the team, never back to those people.
import { t } from '../../i18n';
import type { RouterOutputs } from '../../lib/trpc';

type FormerMembersRows = RouterOutputs['teams']['deletionImpact']['fromFormerMembers'];

/** "2 contacts, 1 activity": the kinds with any rows, in the order the app lists them; empty when there are none. */
function rowsText(rows: FormerMembersRows): string {
  return [
    rows.contacts > 0 && t('{count, plural, one {# contact} other {# contacts}}', { count: rows.contacts }),
    rows.activities > 0 && t('{count, plural, one {# activity} other {# activities}}', { count: rows.activities }),
    rows.followUps > 0 && t('{count, plural, one {# follow-up} other {# follow-ups}}', { count: rows.followUps }),
    rows.prayerRequests > 0 && t('{count, plural, one {# prayer request} other {# prayer requests}}', { count: rows.prayerRequests }),
    rows.goals > 0 && t('{count, plural, one {# goal} other {# goals}}', { count: rows.goals }),
  ]
    .filter((text): text is string => Boolean(text))
    .join(', ');
}

/** The sentence on the rows that come to the person ending the team, or none while they are still being counted or there are none. */
export function formerMembersSentence(rows: FormerMembersRows | undefined): string {
  const listed = rows ? rowsText(rows) : '';
  return listed ? ` ${t('People no longer in the team left {rows} in it: these become yours, never theirs again.', { rows: listed })}` : '';
}
