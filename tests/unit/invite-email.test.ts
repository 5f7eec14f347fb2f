// The invitation email (server/routers/inviteLinks.ts): in each language, Sower's words with the team's name, the
// inviter's first name and the link, every placeholder filled, and what people wrote escaped in the HTML.
import { describe, expect, it } from 'vitest';
import { locales } from '../../shared/i18n';
import { composeInvitation } from '../../server/routers/inviteLinks';

const url = 'https://sower.example/invite/abcDEF_123-xyzABCdef1';
const expiresAt = new Date('2031-03-04T12:00:00Z');

describe('composeInvitation', () => {
  for (const locale of locales) {
    it(`is written in ${locale}, with the team, the inviter, the link once in each part and the date`, () => {
      const mail = composeInvitation(locale, { teamName: 'Door to door', inviterFirstName: 'Grace', url, expiresAt });
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).toContain('Door to door');
      expect(mail.subject).toContain('Grace');
      expect(mail.text.split(url)).toHaveLength(2);
      expect(mail.html.split(`href="${url}"`)).toHaveLength(2);
      expect(mail.text).toContain('2031-03-04');
      expect(mail.html).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/\{\w+\}/);
    });
  }

  it('escapes the team name and the first name in the HTML part', () => {
    const { html } = composeInvitation('en', { teamName: '<a href="https://evil.example">Prize</a>', inviterFirstName: '<b>Eve</b>', url, expiresAt });
    expect(html).not.toContain('<a href="https://evil.example">');
    expect(html).not.toContain('<b>Eve</b>');
    expect(html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;Prize&lt;/a&gt;');
  });
});
