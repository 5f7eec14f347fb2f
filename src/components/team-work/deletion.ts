// What the contact delete dialog says (issue 30): the records of other people that go with the contact, by author.
import { t } from '../../i18n';
import { confirmDelete } from '../../lib/messages';
import { fullName } from '../../lib/names';

type Impact = readonly { author: { firstName: string; lastName: string }; count: number }[];

/** The usual question, and for a team contact each teammate's records it deletes with it ('3 records by Ana Lima'). */
export function deletionMessage(name: string, records: Impact): string {
  const base = confirmDelete.contact(name);
  if (records.length === 0) return base;
  const whose = records.map(({ author, count }) =>
    t('{count, plural, one {# record by {name}} other {# records by {name}}}', { count, name: fullName(author) }),
  );
  return `${base} ${t('This includes records your teammates wrote: {records}.', { records: whose.join(', ') })}`;
}
