// Settings → Where you're signed in (issue 33): every session of the account with its device, when it began and was
// last used; any other one ended with a tap, or all of them at once.
import { useFailureToast } from '../hooks/useFailureToast';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { formatDateTime } from '../lib/dates';
import { trpc } from '../lib/trpc';
import { Spinner } from './Spinner';

export function SessionList() {
  const sessions = trpc.account.sessions.list.useQuery();
  const utils = trpc.useUtils();
  const end = trpc.account.sessions.end.useMutation();
  const endOthers = trpc.account.sessions.endOthers.useMutation();
  const { toast } = useToast();
  const failed = useFailureToast();
  const busy = end.isPending || endOthers.isPending;

  async function endOne(id: string) {
    try {
      await end.mutateAsync({ handle: id });
      toast({ title: t('That device is signed out'), variant: 'success' });
    } catch (error) {
      failed(error, t('Could not sign that device out. Please try again.'));
    }
    void utils.account.sessions.list.invalidate();
    void utils.account.securityLog.invalidate();
  }

  async function endAllOthers() {
    try {
      const { ended } = await endOthers.mutateAsync();
      toast({ title: t('{count, plural, one {# other device signed out} other {# other devices signed out}}', { count: ended }), variant: 'success' });
    } catch (error) {
      failed(error, t('Could not sign the other devices out. Please try again.'));
    }
    void utils.account.sessions.list.invalidate();
    void utils.account.securityLog.invalidate();
  }

  if (!sessions.data) return sessions.isError ? <p className="text-sm text-error">{t('We could not load your sessions.')}</p> : <Spinner />;
  const others = sessions.data.filter((session) => !session.current);
  return (
    <div className="flex flex-col gap-4">
      <ul className="divide-y divide-base-300 rounded-field border border-base-300" aria-label={t('Signed-in devices')}>
        {sessions.data.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                <span>{session.device}</span>
                {session.current && <span className="badge badge-soft badge-primary badge-sm">{t('This device')}</span>}
              </p>
              <p className="text-xs text-base-content/70">
                {t('Signed in {date}', { date: formatDateTime(session.createdAt) })}
                {' · '}
                {t('Last seen {date}', { date: formatDateTime(session.lastSeenAt) })}
              </p>
            </div>
            {!session.current && (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={busy}
                onClick={() => void endOne(session.id)}
                aria-label={t('Sign out {device}, signed in {date}', { device: session.device, date: formatDateTime(session.createdAt) })}
              >
                {t('Sign out')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <div className="flex justify-end">
          <button type="button" className="btn btn-outline btn-error btn-sm" disabled={busy} onClick={() => void endAllOthers()}>
            {t('Sign out all other devices')}
          </button>
        </div>
      )}
    </div>
  );
}
