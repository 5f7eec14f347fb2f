// The daily digest's content: what each include flag brings, the discreet wording, plurals, HTML escaping, languages.
import { describe, expect, it } from 'vitest';
import { composeDigest, DIGEST_TAG, escapeHtml, reminderCount, type DigestData } from '../../server/nudges/digest';
import { followUpDayBounds } from '../../server/nudges/gather';
import { translate } from '../../server/i18n';

const NOW = Date.parse('2031-03-12T09:00:00Z');
const DAY = 86_400_000;

function data(overrides: Partial<DigestData> = {}): DigestData {
  return {
    locale: 'en',
    discreet: false,
    include: { followUps: true, attention: true, prayers: true },
    followUps: {
      total: 2,
      items: [
        { id: 1, contactName: 'Maria Lopez', description: 'Call about the Bible study', date: new Date('2031-03-10T12:00:00Z'), overdue: true },
        { id: 2, contactName: 'John Smith', description: 'Coffee', date: new Date('2031-03-12T12:00:00Z'), overdue: false },
      ],
    },
    attention: { total: 1, items: [{ contactId: 7, name: 'Ahmed Ali', spiritualStatus: 'seeking', lastTouchAt: new Date(NOW - 12 * DAY) }] },
    prayers: [{ id: 3, request: 'Healing for her mother', contactName: 'Grace Kim' }],
    now: NOW,
    baseUrl: 'https://sower.example',
    unsubscribeUrl: 'https://sower.example/api/reminders/unsubscribe?token=abc',
    ...overrides,
  };
}

const names = ['Maria Lopez', 'John Smith', 'Ahmed Ali', 'Grace Kim', 'Bible study', 'Coffee', 'Healing'];

describe('the digest content', () => {
  it('holds every included section, with names, in text, HTML and push', () => {
    const message = composeDigest(data());
    expect(message.count).toBe(4);
    expect(message.subject).toBe('Today in Sower: 4 reminders');
    for (const part of [message.text, message.html]) {
      expect(part).toContain('2 follow-ups due today or overdue');
      expect(part).toContain('1 person needs attention');
      expect(part).toContain('1 prayer request for today');
      for (const name of names) expect(part).toContain(name);
    }
    expect(message.text).toContain('Maria Lopez: Call about the Bible study (due Mar 10)');
    expect(message.text).toContain('John Smith: Coffee\n');
    expect(message.text).toContain('Ahmed Ali: Seeking, last contact 12 days ago');
    expect(message.text).toContain('https://sower.example/followups');
    expect(message.text).toContain('https://sower.example/prayer-journal');
    expect(message.text).toContain('Turn off email reminders: https://sower.example/api/reminders/unsubscribe?token=abc');
    expect(message.html).toContain('href="https://sower.example/api/reminders/unsubscribe?token=abc"');
    expect(message.push).toEqual({
      title: 'Today in Sower: 4 reminders',
      body: '2 follow-ups due today or overdue\n1 person needs attention\n1 prayer request for today',
      url: 'https://sower.example/',
      tag: DIGEST_TAG,
    });
  });

  it('leaves out each section whose include flag is off, even when its data is there', () => {
    const noFollowUps = composeDigest(data({ include: { followUps: false, attention: true, prayers: true } }));
    expect(noFollowUps.count).toBe(2);
    expect(noFollowUps.text).not.toContain('follow-up');
    expect(noFollowUps.text).not.toContain('Maria Lopez');

    const noAttention = composeDigest(data({ include: { followUps: true, attention: false, prayers: true } }));
    expect(noAttention.count).toBe(3);
    expect(noAttention.text).not.toContain('Ahmed Ali');
    expect(noAttention.html).not.toContain('needs attention');

    const onlyPrayers = composeDigest(data({ include: { followUps: false, attention: false, prayers: true } }));
    expect(onlyPrayers.count).toBe(1);
    expect(onlyPrayers.text).toContain('Grace Kim: Healing for her mother');
    expect(onlyPrayers.text).not.toContain('Maria');
    // One section: the push opens its screen.
    expect(onlyPrayers.push.url).toBe('https://sower.example/prayer-journal?tab=today');

    expect(reminderCount(data({ include: { followUps: false, attention: false, prayers: false } }))).toBe(0);
    expect(reminderCount(data({ followUps: { total: 0, items: [] }, attention: undefined, prayers: [] }))).toBe(0);
  });

  it('counts beyond the named items, and words the counts with plurals', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ id: i, contactName: `Person ${i}`, description: 'Visit', date: new Date(NOW), overdue: false }));
    const message = composeDigest(data({ followUps: { total: 13, items }, include: { followUps: true, attention: false, prayers: false } }));
    expect(message.subject).toBe('Today in Sower: 13 reminders');
    expect(message.text).toContain('13 follow-ups due today or overdue');
    expect(message.text).toContain('and 3 more');
    expect(message.text.match(/^- /gm)).toHaveLength(10);
    const one = composeDigest(data({ followUps: { total: 1, items: items.slice(0, 1) }, include: { followUps: true, attention: false, prayers: false } }));
    expect(one.subject).toBe('Today in Sower: 1 reminder');
    expect(one.text).toContain('1 follow-up due today or overdue');
    expect(one.text).not.toContain('more');
  });

  it('says only how many reminders there are when discreet: no names or texts anywhere', () => {
    const message = composeDigest(data({ discreet: true }));
    expect(message.subject).toBe('Reminders: 4');
    expect(message.push.title).toBe('Reminder');
    expect(message.push.body).toBe('Reminders: 4');
    expect(message.push.url).toBe('https://sower.example/');
    const all = [message.subject, message.text, message.html, message.push.title, message.push.body].join('\n');
    for (const name of [...names, 'follow-up', 'attention', 'prayer', 'Seeking', 'Call about']) expect(all).not.toContain(name);
    expect(message.text).toContain('https://sower.example/');
    expect(composeDigest(data({ discreet: true, include: { followUps: false, attention: false, prayers: true } })).subject).toBe('Reminders: 1');
  });

  it('names neither the app nor its faith in a discreet digest, and shows the neutral icon on a lock screen', () => {
    const message = composeDigest(data({ discreet: true }));
    // The words and names that would tell a lock screen's or an inbox's reader what the app is (the base URL aside: the
    // server's address is the operator's choice).
    const words = [
      message.subject,
      message.text.replaceAll('https://sower.example', ''),
      message.html.replaceAll('https://sower.example', ''),
      message.push.title,
      message.push.body,
    ]
      .join('\n')
      .toLowerCase();
    for (const word of ['sower', 'gospel', 'prayer', 'pray', 'faith', 'bible', 'jesus', 'christ', 'church', 'god', 'spiritual'])
      expect(words).not.toMatch(new RegExp(`\\b${word}\\b`));
    expect(message.push.icon).toBe('/icons/discreet-192.png');
    // Not discreet: Sower's own words and icon, as the spec has them.
    const plain = composeDigest(data());
    expect(plain.push.title).toBe('Today in Sower: 4 reminders');
    expect(plain.push.icon).toBeUndefined();
    expect(plain.text).toContain('Open Sower: https://sower.example/');
  });

  it('escapes what users wrote in the HTML part, and keeps it readable in the text part', () => {
    const evil = '<script>alert("x")</script> & <img src=x onerror=alert(1)>';
    const message = composeDigest(
      data({
        followUps: { total: 1, items: [{ id: 1, contactName: evil, description: '"quoted" & \'single\'', date: new Date(NOW), overdue: false }] },
        prayers: [{ id: 2, request: '</li></ul><a href="https://evil.example">', contactName: 'x' }],
      }),
    );
    expect(message.html).not.toContain('<script>');
    expect(message.html).not.toContain('<img');
    expect(message.html).not.toContain('evil.example">');
    expect(message.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;');
    expect(message.html).toContain('&quot;quoted&quot; &amp; &#39;single&#39;');
    expect(message.text).toContain(`${evil}: "quoted" & 'single'`);
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
    // Exactly the tags the digest writes: none came from the data.
    const tags = new Set([...message.html.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]));
    expect([...tags].sort()).toEqual(['a', 'body', 'br', 'h2', 'head', 'html', 'li', 'meta', 'p', 'title', 'ul']);
  });

  it('speaks the user’s language, right to left for Arabic', () => {
    for (const locale of ['es', 'pt-BR', 'fr', 'ar'] as const) {
      const message = composeDigest(data({ locale }));
      expect(message.subject).toBe(translate(locale, 'Today in Sower: {count, plural, one {# reminder} other {# reminders}}', { count: 4 }));
      expect(message.text).toContain(translate(locale, '{count, plural, one {# person needs attention} other {# people need attention}}', { count: 1 }));
      expect(message.html).toContain(`lang="${locale}"`);
      const discreet = composeDigest(data({ locale, discreet: true }));
      expect(discreet.push.body).toBe(translate(locale, 'Reminders: {count}', { count: 4 }));
    }
    expect(composeDigest(data({ locale: 'ar' })).html).toContain('dir="rtl"');
    expect(composeDigest(data({ locale: 'fr' })).html).toContain('dir="ltr"');
    const date = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date('2031-03-10T12:00:00Z'));
    expect(composeDigest(data({ locale: 'es' })).text).toContain(
      translate('es', '{name}: {description} (due {date})', { name: 'Maria Lopez', description: 'Call about the Bible study', date }),
    );
  });

  it('leaves the unsubscribe link out where there is none (a digest without email)', () => {
    const message = composeDigest(data({ unsubscribeUrl: undefined }));
    expect(message.text).not.toContain('unsubscribe');
    expect(message.html).not.toContain('unsubscribe');
  });
});

describe('the day a follow-up is due by', () => {
  it('is the user’s local date, compared with follow-up days as UTC dates', () => {
    // 23:30 on March 11 in New York is March 12 in UTC: the user's today is still the 11th.
    const lateEvening = Date.parse('2031-03-12T03:30:00Z');
    expect(followUpDayBounds(lateEvening, 'America/New_York')).toEqual({ start: Date.parse('2031-03-11T00:00:00Z'), end: Date.parse('2031-03-12T00:00:00Z') });
    // 08:00 on March 12 in Tokyo is still March 11 in UTC: the user's today is the 12th.
    const tokyoMorning = Date.parse('2031-03-11T23:00:00Z');
    expect(followUpDayBounds(tokyoMorning, 'Asia/Tokyo')).toEqual({ start: Date.parse('2031-03-12T00:00:00Z'), end: Date.parse('2031-03-13T00:00:00Z') });
  });
});
