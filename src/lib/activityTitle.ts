// An activity's title in lists, search results and menus.
import { t } from '../i18n';

/**
 * 'Conversation with Ana' as one sentence per type, so each language words it whole (a gospel presentation is made *to*
 * someone in Spanish and French), and an activity of type other reads 'Activity with Ana', not 'Other with Ana'.
 */
export function activityTitle(type: string, name: string): string {
  return t(
    '{type, select, conversation {Conversation with {name}} gospel_presentation {Gospel Presentation with {name}} follow_up {Follow-up with {name}} other {Activity with {name}}}',
    { type, name },
  );
}
