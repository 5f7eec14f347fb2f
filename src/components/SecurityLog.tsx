// Settings → Security log (issue 33): what happened to the account in the last 90 days, newest first, with the time and
// the kind of device.
import type { SecurityEventKind } from '../../shared/securityEvents';
import { msg, t } from '../i18n';
import { formatDateTime } from '../lib/dates';
import { trpc } from '../lib/trpc';
import { Spinner } from './Spinner';

// Marked here, translated where shown.
const EVENT_LABELS: Record<SecurityEventKind, string> = {
  'sign-in': msg('Signed in'),
  'sign-in-failed': msg('Failed sign-in'),
  'sign-out': msg('Signed out'),
  'password-changed': msg('Password changed'),
  'email-changed': msg('Email changed'),
  'session-ended': msg('A device was signed out'),
  'other-sessions-ended': msg('All other devices were signed out'),
  export: msg('Data exported'),
  'team-export': msg('Team data exported by an admin'),
  import: msg('Data imported'),
  'two-factor-enabled': msg('Two-factor sign-in turned on'),
  'two-factor-disabled': msg('Two-factor sign-in turned off'),
  'recovery-code-used': msg('Signed in with a recovery code'),
  'app-lock-set': msg('App lock PIN set'),
  'app-lock-removed': msg('App lock removed'),
  'app-lock-signed-out': msg('Signed out everywhere after wrong PINs'),
  'password-reset-requested': msg('Password reset link made'),
  'password-reset': msg('Password reset with a link'),
};

export function SecurityLog() {
  const log = trpc.account.securityLog.useQuery();
  if (!log.data) return log.isError ? <p className="text-sm text-error">{t('We could not load your security log.')}</p> : <Spinner />;
  if (!log.data.length) return <p className="text-sm text-base-content/70">{t('Nothing in the last 90 days.')}</p>;
  return (
    <ol className="divide-y divide-base-300 rounded-field border border-base-300" aria-label={t('Security log')}>
      {log.data.map((entry, index) => (
        <li key={`${index}-${entry.at.getTime()}`} className="px-4 py-2.5">
          <p className={`text-sm font-medium ${entry.event === 'sign-in-failed' ? 'text-error' : ''}`}>
            {t(EVENT_LABELS[entry.event])}
            {entry.count > 1 && <span className="font-normal"> {t('{count, plural, other {(# times)}}', { count: entry.count })}</span>}
          </p>
          <p className="text-xs text-base-content/70">
            {entry.device} · <time dateTime={entry.at.toISOString()}>{formatDateTime(entry.at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
