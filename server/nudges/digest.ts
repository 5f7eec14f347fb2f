// The daily digest's words: from the data gathered for one user (server/nudges/gather.ts) to an email's subject, plain
// text and HTML and a push notification's title and body, in the user's language. Pure: no database, no clock.
import type { Locale } from '../../shared/i18n';
import { textDirection } from '../../shared/i18n';
import {
  contactDateKindLabels,
  contactDateKinds,
  HIDDEN_CONTACT_NAME,
  spiritualStatusLabels,
  type ContactDateKind,
  type SpiritualStatus,
} from '../../shared/vocabulary';
import { translate } from '../i18n';
import type { PushMessage } from './push';
import { DISCREET_NOTIFICATION_ICON } from '../../shared/discreet';

export type { PushMessage };

/** At most this many items of each section are named; the rest are counted. */
export const DIGEST_ITEMS_MAX = 10;

export interface DigestFollowUp {
  id: number;
  /** Null where the user may no longer read the contact: the digest says 'a contact no longer shared'. */
  contactName: string | null;
  description: string;
  /** The stored instant; its UTC calendar date is the follow-up's day (docs/decisions/005). */
  date: Date;
  /** Its day is before the user's today. */
  overdue: boolean;
}

export interface DigestAttention {
  contactId: number;
  name: string;
  spiritualStatus: SpiritualStatus;
  lastTouchAt: Date;
  /** The person's own rhythm (issue 50 §6), named in their line instead of their status. */
  stayInTouchDays?: number | null;
}

/** An important date of someone the user reads that falls on their today (issue 50 §6). */
export interface DigestDate {
  name: string;
  label: string;
  kind: ContactDateKind;
  /** The years it counts today, when yearly with a year before this one. */
  years: number | null;
}

export interface DigestPrayer {
  id: number;
  request: string;
  contactName: string | null;
  /** A request about no one person (issue 50 §5): its words alone. */
  aboutNoOne?: boolean;
}

/** What a user's digest holds: each section only when its include flag is on (a section left out is undefined). */
export interface DigestData {
  locale: Locale;
  discreet: boolean;
  include: { followUps: boolean; attention: boolean; prayers: boolean };
  /** Pending follow-ups of the user due by the end of their today (overdue ones included): how many, and the first ones. */
  followUps?: { total: number; items: DigestFollowUp[] };
  attention?: { total: number; items: DigestAttention[] };
  prayers?: DigestPrayer[];
  /** The day's unread notifications (issue 51 §3) of the kinds the user wants in the digest, each said whole. */
  notifications?: { total: number; lines: string[] };
  /** Today's important dates (issue 50 §6), gathered with the attention section and shown when it is included. */
  dates?: DigestDate[];
  /** When the digest is made (ms), for "last contact N days ago". */
  now: number;
  /** The app's address without a trailing slash (PUBLIC_URL, else http://localhost:PORT). */
  baseUrl: string;
  /** The email's one-click unsubscribe link; without it the email names none (a push has none anyway). */
  unsubscribeUrl?: string;
}

export interface DigestMessage {
  /** How many reminders it holds: the follow-ups, people and prayer requests counted together. */
  count: number;
  subject: string;
  text: string;
  html: string;
  push: PushMessage;
}

/** The screens a digest links to, as app paths. */
export const digestPaths = {
  home: '/',
  followUps: '/followups',
  attention: '/contacts?attention=1',
  prayers: '/prayer-journal?tab=today',
  notifications: '/notifications',
} as const;

/** Every notification of the digest has this tag, so today's replaces yesterday's on a device. */
export const DIGEST_TAG = 'sower-digest';

interface Section {
  heading: string;
  lines: string[];
  more: number;
  path: string;
}

const DAY_MS = 86_400_000;

/** The sections in effect: included and gathered. */
function sectionsOf(data: DigestData) {
  return {
    followUps: data.include.followUps ? data.followUps : undefined,
    attention: data.include.attention ? data.attention : undefined,
    prayers: data.include.prayers ? data.prayers : undefined,
    dates: data.include.attention ? data.dates : undefined,
  };
}

/** How many reminders the digest holds (0: there is nothing to send). */
export function reminderCount(data: DigestData): number {
  const { followUps, attention, prayers, dates } = sectionsOf(data);
  return (followUps?.total ?? 0) + (attention?.total ?? 0) + (prayers?.length ?? 0) + (dates?.length ?? 0) + (data.notifications?.total ?? 0);
}

function dayLabel(locale: Locale, date: Date) {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}

function buildSections(data: DigestData): Section[] {
  const { locale } = data;
  const { followUps, attention, prayers, dates } = sectionsOf(data);
  const sections: Section[] = [];
  if (data.notifications && data.notifications.total > 0) {
    const lines = data.notifications.lines.slice(0, DIGEST_ITEMS_MAX);
    sections.push({
      heading: translate(locale, '{count, plural, one {# new notification} other {# new notifications}}', { count: data.notifications.total }),
      lines,
      more: Math.max(0, data.notifications.total - lines.length),
      path: digestPaths.notifications,
    });
  }
  if (followUps && followUps.total > 0) {
    const items = followUps.items.slice(0, DIGEST_ITEMS_MAX);
    sections.push({
      heading: translate(locale, '{count, plural, one {# follow-up due today or overdue} other {# follow-ups due today or overdue}}', {
        count: followUps.total,
      }),
      lines: items.map((item) =>
        item.overdue
          ? translate(locale, '{name}: {description} (due {date})', {
              name: item.contactName ?? translate(locale, HIDDEN_CONTACT_NAME),
              description: item.description,
              date: dayLabel(locale, item.date),
            })
          : translate(locale, '{name}: {description}', { name: item.contactName ?? translate(locale, HIDDEN_CONTACT_NAME), description: item.description }),
      ),
      more: Math.max(0, followUps.total - items.length),
      path: digestPaths.followUps,
    });
  }
  if (attention && attention.total > 0) {
    const items = attention.items.slice(0, DIGEST_ITEMS_MAX);
    sections.push({
      heading: translate(locale, '{count, plural, one {# person needs attention} other {# people need attention}}', { count: attention.total }),
      lines: items.map((item) => {
        const days = Math.max(0, Math.floor((data.now - item.lastTouchAt.getTime()) / DAY_MS));
        return item.stayInTouchDays
          ? translate(locale, '{name}: every {every, plural, one {# day} other {# days}}, last contact {days, plural, one {# day ago} other {# days ago}}', {
              name: item.name,
              every: item.stayInTouchDays,
              days,
            })
          : translate(locale, '{name}: {status}, last contact {days, plural, one {# day ago} other {# days ago}}', {
              name: item.name,
              status: translate(locale, spiritualStatusLabels[item.spiritualStatus]),
              days,
            });
      }),
      more: Math.max(0, attention.total - items.length),
      path: digestPaths.attention,
    });
  }
  if (dates && dates.length > 0) {
    const items = dates.slice(0, DIGEST_ITEMS_MAX);
    sections.push({
      heading: translate(locale, '{count, plural, one {# important date today} other {# important dates today}}', { count: dates.length }),
      lines: items.map((item) => {
        // A label saved as a kind's English word (an imported vCard's) is said in the reader's language.
        const kind = contactDateKinds.find((each) => contactDateKindLabels[each] === item.label);
        const label = kind ? translate(locale, contactDateKindLabels[kind]) : item.label;
        return item.years === null
          ? translate(locale, '{name}: {description}', { name: item.name, description: label })
          : translate(locale, '{name}: {label}, {years, plural, one {# year} other {# years}}', { name: item.name, label, years: item.years });
      }),
      more: Math.max(0, dates.length - items.length),
      path: digestPaths.home,
    });
  }
  if (prayers && prayers.length > 0) {
    const items = prayers.slice(0, DIGEST_ITEMS_MAX);
    sections.push({
      heading: translate(locale, '{count, plural, one {# prayer request for today} other {# prayer requests for today}}', { count: prayers.length }),
      lines: items.map((item) =>
        item.aboutNoOne
          ? item.request
          : translate(locale, '{name}: {description}', { name: item.contactName ?? translate(locale, HIDDEN_CONTACT_NAME), description: item.request }),
      ),
      more: Math.max(0, prayers.length - items.length),
      path: digestPaths.prayers,
    });
  }
  return sections;
}

/** Text made safe to place in HTML, in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** One line of user text flattened: no line breaks (a description may hold some), bounded. */
function oneLine(text: string) {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

function link(baseUrl: string, path: string) {
  return `${baseUrl}${path}`;
}

/** The email and the push notification of one digest. */
export function composeDigest(data: DigestData): DigestMessage {
  const { locale } = data;
  const count = reminderCount(data);
  // Discreet: nothing on a lock screen or in an inbox names the app, its faith or anyone (issue 33's discreet install).
  const discreetLine = translate(locale, 'Reminders: {count}', { count });
  const sections = data.discreet ? [] : buildSections(data);
  const home = link(data.baseUrl, digestPaths.home);
  // A push opens the one screen its content is about, else the dashboard (discreet: always the dashboard).
  const pushUrl = link(data.baseUrl, sections.length === 1 ? sections[0].path : digestPaths.home);
  const subject = data.discreet ? discreetLine : translate(locale, 'Today in Sower: {count, plural, one {# reminder} other {# reminders}}', { count });
  const openText = data.discreet ? translate(locale, 'Open the app') : translate(locale, 'Open Sower');
  const why = data.discreet
    ? translate(locale, 'You get this email because daily reminders are on in your settings.')
    : translate(locale, 'You get this email because daily reminders are on in your Sower settings.');
  const unsubscribeText = translate(locale, 'Turn off email reminders');
  const settingsText = translate(locale, 'Change your reminders in Settings');
  const settingsUrl = link(data.baseUrl, '/settings');

  // Plain text.
  const textParts: string[] = [];
  if (data.discreet) textParts.push(discreetLine);
  for (const section of sections) {
    const lines = [section.heading, ...section.lines.map((line) => `- ${oneLine(line)}`)];
    if (section.more) lines.push(translate(locale, '{count, plural, one {and # more} other {and # more}}', { count: section.more }));
    lines.push(link(data.baseUrl, section.path));
    textParts.push(lines.join('\n'));
  }
  textParts.push(`${openText}: ${home}`);
  const footer = [why, `${settingsText}: ${settingsUrl}`];
  if (data.unsubscribeUrl) footer.push(`${unsubscribeText}: ${data.unsubscribeUrl}`);
  textParts.push(`--\n${footer.join('\n')}`);
  const text = textParts.join('\n\n') + '\n';

  // HTML: every text escaped; user text marked dir="auto" so a name in another script reads the right way.
  const dir = textDirection(locale);
  const linkStyle = 'color:#2563eb';
  const body: string[] = [];
  if (data.discreet) body.push(`<p style="font-size:16px">${escapeHtml(discreetLine)}</p>`);
  for (const section of sections) {
    body.push(
      `<h2 style="font-size:16px;margin:20px 0 8px"><a style="${linkStyle}" href="${escapeHtml(link(data.baseUrl, section.path))}">${escapeHtml(section.heading)}</a></h2>`,
    );
    const items = section.lines.map((line) => `<li dir="auto">${escapeHtml(oneLine(line))}</li>`);
    if (section.more) items.push(`<li>${escapeHtml(translate(locale, '{count, plural, one {and # more} other {and # more}}', { count: section.more }))}</li>`);
    body.push(`<ul style="margin:0;padding-inline-start:20px">${items.join('')}</ul>`);
  }
  body.push(`<p style="margin:24px 0"><a style="${linkStyle};font-weight:bold" href="${escapeHtml(home)}">${escapeHtml(openText)}</a></p>`);
  const footerHtml = [
    escapeHtml(why),
    `<a style="${linkStyle}" href="${escapeHtml(settingsUrl)}">${escapeHtml(settingsText)}</a>`,
    ...(data.unsubscribeUrl ? [`<a style="${linkStyle}" href="${escapeHtml(data.unsubscribeUrl)}">${escapeHtml(unsubscribeText)}</a>`] : []),
  ];
  body.push(`<p style="color:#6b7280;font-size:12px;border-top:1px solid #e5e7eb;padding-top:12px">${footerHtml.join('<br>')}</p>`);
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(locale)}" dir="${dir}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111827;line-height:1.5;max-width:560px;margin:0 auto;padding:16px">`,
    ...body,
    '</body></html>',
  ].join('\n');

  const push: PushMessage = data.discreet
    ? { title: translate(locale, 'Reminder'), body: discreetLine, url: pushUrl, tag: DIGEST_TAG, icon: DISCREET_NOTIFICATION_ICON }
    : { title: subject, body: sections.map((section) => section.heading).join('\n'), url: pushUrl, tag: DIGEST_TAG };
  return { count, subject, text, html, push };
}
