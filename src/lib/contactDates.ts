// How a person's important date reads on a screen (issue 50 §6): a label saved as a kind's English word (an imported
// vCard's 'Birthday') shows in the reader's language; the day in their own form ('Sep 12, 1994').
import { shownText } from '../../shared/i18n';
import { contactDateKindLabels, contactDateKinds, type ContactDateKind } from '../../shared/vocabulary';
import { t } from '../i18n';
import { formatDay, formatMonthDay } from './dates';

export function dateLabel(date: { label: string; kind: ContactDateKind }): string {
  const kind = contactDateKinds.find((each) => contactDateKindLabels[each] === date.label);
  return kind ? shownText(contactDateKindLabels[kind]) : date.label;
}

const localDate = (day: string) => new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

/** A yearly date without its year when it is the occurrence ('Sep 12'), with it otherwise. */
export const dayLabel = (day: string, withYear = true) => (withYear ? formatDay(localDate(day)) : formatMonthDay(localDate(day)));

/** "turns 30" for a birthday, "3 years" for any other yearly date. */
export function yearsLabel(kind: ContactDateKind, years: number): string {
  return kind === 'birthday' ? t('turns {count}', { count: years }) : t('{count, plural, one {# year} other {# years}}', { count: years });
}
