// Settings → Notifications (issue 51 §3): for each kind, whether it also comes by push and in the daily digest. The
// inbox always has every one; discreet mode (Reminders) keeps names and words out of whatever leaves.
import type { NotificationKind } from '../../../shared/vocabulary';
import { notificationKinds } from '../../../shared/vocabulary';
import { useWrite } from '../../hooks/useWrite';
import { t } from '../../i18n';
import { trpc } from '../../lib/trpc';

const kindLabel = (kind: NotificationKind): string =>
  ({
    mention: t('Mentions in comments'),
    assigned: t('Contacts assigned to you'),
    accepted: t('Assignments accepted'),
    declined: t('Assignments declined'),
    updateNeeded: t('Contacts that need an update'),
    returned: t('Contacts handed back when someone leaves'),
    removed: t('Removal from a team'),
  })[kind];

export function NotificationChoices() {
  const choices = trpc.notifications.choices.useQuery();
  const set = trpc.notifications.setChoices.useMutation();
  const utils = trpc.useUtils();
  const write = useWrite();
  if (!choices.data) return null;
  const change = (kind: NotificationKind, channel: 'push' | 'digest', on: boolean) => {
    const next = { ...choices.data.choices[kind], [channel]: on };
    void write(() => set.mutateAsync({ choices: { [kind]: next } }), {
      kind: 'notification',
      done: t('Notification choices saved'),
      failed: t('The notification choices could not be saved. Please try again.'),
    })
      .then((answer) => utils.notifications.choices.setData(undefined, answer))
      .catch(() => undefined);
  };
  return (
    <table className="table table-sm">
      <thead>
        <tr>
          <th scope="col" className="text-base-content">
            {t('Kind')}
          </th>
          <th scope="col" className="text-center text-base-content">
            {t('Push')}
          </th>
          <th scope="col" className="text-center text-base-content">
            {t('Digest')}
          </th>
        </tr>
      </thead>
      <tbody>
        {notificationKinds.map((kind) => (
          <tr key={kind}>
            <th scope="row" className="font-normal">
              {kindLabel(kind)}
            </th>
            {(['push', 'digest'] as const).map((channel) => (
              <td key={channel} className="text-center">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  aria-label={`${kindLabel(kind)}: ${channel === 'push' ? t('Push') : t('Digest')}`}
                  checked={choices.data.choices[kind][channel]}
                  onChange={(event) => change(kind, channel, event.target.checked)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
