// The words the team screens show for a role, in the reader's language.
import type { TeamRole } from '../../../shared/vocabulary';
import { t } from '../../i18n';

export function roleLabel(role: TeamRole): string {
  switch (role) {
    case 'admin':
      return t('Admin');
    case 'member':
      return t('Member');
    case 'viewer':
      return t('Viewer');
  }
}

/** What each role may do, said where a role is chosen (the abilities themselves are shared/roles.ts'). */
export function roleHint(role: TeamRole): string {
  switch (role) {
    case 'admin':
      return t('Admin: manages the team, its members and links, and changes every team row');
    case 'member':
      return t('Member: adds team rows and changes the ones they created');
    case 'viewer':
      return t('Viewer: reads the team’s rows, changes nothing');
  }
}
