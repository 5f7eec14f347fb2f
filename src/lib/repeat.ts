// How a repeating follow-up is said on screen ('Every 2 weeks') and what the form sends with it (the browser's zone).
import type { RepeatUnit } from '../../shared/nudges';
import { t } from '../i18n';

/** 'Every day', 'Every 2 weeks', 'Every 3 months': one whole sentence per unit, with the language's plural forms. */
export function repeatLabel(every: number, unit: RepeatUnit): string {
  switch (unit) {
    case 'day':
      return t('{count, plural, one {Every day} other {Every # days}}', { count: every });
    case 'week':
      return t('{count, plural, one {Every week} other {Every # weeks}}', { count: every });
    case 'month':
      return t('{count, plural, one {Every month} other {Every # months}}', { count: every });
  }
}

/** The unit's name after a number the user typed ('days' after 2), for the form's unit picker. */
export function repeatUnitName(unit: RepeatUnit, count: number): string {
  switch (unit) {
    case 'day':
      return t('{count, plural, one {day} other {days}}', { count });
    case 'week':
      return t('{count, plural, one {week} other {weeks}}', { count });
    case 'month':
      return t('{count, plural, one {month} other {months}}', { count });
  }
}

/**
 * The browser's IANA time zone, sent when completing or saving a follow-up so the server counts the next date's month
 * end and wall-clock time where the user is (undefined if the browser does not say).
 */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
