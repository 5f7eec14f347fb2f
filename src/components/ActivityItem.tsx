// One activity in a list: type icon, 'Conversation with Name' (the name links to the contact), notes, date label; optionally a link to its edit view.
import { Trans } from '@lingui/react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../i18n';
import { activityTitle } from '../lib/activityTitle';
import { activityDateLabel } from '../lib/dates';
import { ClampedText } from './ClampedText';
import { ContactLink } from './ContactLink';
import { ActivityTypeIcon } from './Icons';
import { STRETCHED_LINK, STRETCHED_ROW } from './stretchedLink';

interface ActivityItemProps {
  type: string;
  /** Absent for an activity still waiting in the offline outbox, whose contact may not exist yet. */
  contactId?: number;
  contactName: string;
  notes: string | null;
  date: Date;
  to?: string;
  /** Notes are cut to two lines in a summary (the row opens the whole activity), three with 'Show more' in the list. */
  expandable?: boolean;
  /** A team row's mark (TeamMark), under the notes. */
  team?: ReactNode;
  /** The other people who were there (issue 50 §4), each leading to their page. */
  others?: readonly { id: number; name: string }[];
}

export function ActivityItem({ type, contactId, contactName, notes, date, to, expandable = false, team, others = [] }: ActivityItemProps) {
  return (
    <div className={`flex min-w-0 flex-1 items-start gap-3 ${to ? STRETCHED_ROW : ''}`}>
      <ActivityTypeIcon type={type} />
      <div className="min-w-0 flex-1">
        <p dir="auto" className="font-medium wrap-anywhere">
          {/* The whole row opens the activity; the name inside it leads to the person instead, so links cannot nest. */}
          <Trans
            id="{type, select, conversation {<0>Conversation</0> with <1>{name}</1>} gospel_presentation {<0>Gospel Presentation</0> with <1>{name}</1>} follow_up {<0>Follow-up</0> with <1>{name}</1>} other {<0>Activity</0> with <1>{name}</1>}}"
            values={{ type, name: contactName }}
            components={{
              0: to ? <Link to={to} className={STRETCHED_LINK} aria-label={activityTitle(type, contactName)} /> : <Fragment />,
              1: contactId === undefined ? <Fragment /> : <ContactLink contactId={contactId} name={contactName} />,
            }}
          />
        </p>
        <AlsoThere people={others} />
        {notes ? (
          <ClampedText text={notes} lines={expandable ? 3 : 2} expandable={expandable} className="mt-0.5 text-sm text-base-content/80" />
        ) : (
          <p className="mt-0.5 text-sm text-base-content/75 italic">{t('No additional notes')}</p>
        )}
        {team && <div className="mt-1 empty:hidden">{team}</div>}
      </div>
      <span className="shrink-0 text-xs whitespace-nowrap text-base-content/70">{activityDateLabel(date)}</span>
    </div>
  );
}

/** The other people of an activity (issue 50 §4), each a link to their page; nothing when there are none. */
export function AlsoThere({ people }: { people: readonly { id: number; name: string }[] }) {
  if (people.length === 0) return null;
  return (
    <p dir="auto" className="mt-0.5 text-sm wrap-anywhere text-base-content/80">
      {t('Also there:')}{' '}
      {people.map((person, index) => (
        <Fragment key={person.id}>
          {index > 0 && t(', ')}
          <ContactLink contactId={person.id} name={person.name} />
        </Fragment>
      ))}
    </p>
  );
}
