// The dashboard's four numbers (conversations, gospel presentations, new contacts, prayer requests) with their trends:
// the dashboard's own, and a team's on its page.
import { t } from '../i18n';
import type { RouterOutputs } from '../lib/trpc';
import { ChatIcon, CrossIcon, HandsIcon, PersonPlusIcon } from './Icons';
import { StatCard } from './StatCard';

type Stats = RouterOutputs['dashboard']['summary']['stats'];

export function StatCards({ stats }: { stats: Stats }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard title={t('Conversations')} value={stats.totalConversations} icon={<ChatIcon />} trend={stats.trends.conversations} />
      <StatCard title={t('Gospel Presentations')} value={stats.totalGospelPresentations} icon={<CrossIcon />} trend={stats.trends.gospelPresentations} />
      <StatCard title={t('New Contacts')} value={stats.totalContacts} icon={<PersonPlusIcon />} trend={stats.trends.contacts} />
      <StatCard
        title={t('Prayer Requests')}
        value={stats.totalPrayerRequests}
        icon={<HandsIcon />}
        trend={stats.trends.prayerRequests}
        detail={t('{count, plural, one {# time prayed} other {# times prayed}}', { count: stats.totalPrayers })}
      />
    </div>
  );
}
