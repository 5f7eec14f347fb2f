// The invitation email (server/routers/inviteLinks.ts): in each language, a subject of Sower's words alone, a body with
// the team's name and the inviter's first name quoted in Sower's sentences, the link, every placeholder filled, and
// what people wrote escaped and isolated in the HTML.
import { describe, expect, it } from 'vitest';
import { locales } from '../../shared/i18n';
import { composeInvitation } from '../../server/routers/inviteLinks';
import { translate } from '../../server/i18n';
import { expectMailLayout } from '../support/mail-message';

const url = 'https://sower.example/invite/abcDEF_123-xyzABCdef1';
const expiresAt = new Date('2031-03-04T12:00:00Z');

describe('composeInvitation', () => {
  for (const locale of locales) {
    it(`is written in ${locale}, the team and the inviter in the body only, the link once in each part and the date`, () => {
      const mail = composeInvitation(locale, { teamName: 'Door to door', inviterFirstName: 'Grace', url, expiresAt });
      expect(mail.subject).toBe(translate(locale, 'You’re invited to a team on Sower'));
      for (const part of [mail.text, mail.html]) expect(part).toContain('Door to door');
      for (const part of [mail.text, mail.html]) expect(part).toContain('Grace');
      expect(mail.text).toContain('2031-03-04');
      expectMailLayout(mail, locale, url);
    });
  }

  it('escapes the team name and the first name in the HTML part', () => {
    const { html } = composeInvitation('en', { teamName: '<a href="https://evil.example">Prize</a>', inviterFirstName: '<b>Eve</b>', url, expiresAt });
    expect(html).not.toContain('<a href="https://evil.example">');
    expect(html).not.toContain('<b>Eve</b>');
    expect(html).toContain('<bdi>&lt;a href=&quot;https://evil.example&quot;&gt;Prize&lt;/a&gt;</bdi>');
  });

  it('keeps a name on one line of its own sentence, without direction controls', () => {
    const { subject, text, html } = composeInvitation('en', {
      teamName: 'Prize\u202e team',
      inviterFirstName: 'Eve\r\n\r\nSower support: call +1-555-0100\u2066',
      url,
      expiresAt,
    });
    expect(subject).toBe('You’re invited to a team on Sower');
    expect(text).toContain('Team: “Prize team” (a name chosen by its admin)\nSent by: “Eve Sower support: call +1-555-0100” (a name the sender chose)');
    expect(html).toContain('Sent by: “<bdi>Eve Sower support: call +1-555-0100</bdi>” (a name the sender chose)');
    expect(`${text}${html}`).not.toMatch(/[\u202e\u2066]/);
  });
});
