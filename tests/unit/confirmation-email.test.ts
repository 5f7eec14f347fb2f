// The email-confirmation message (server/nudges/confirmation.ts): in each language, Sower's own words, the link and its expiry.
import { describe, expect, it } from 'vitest';
import { locales } from '../../shared/i18n';
import { translate } from '../../server/i18n';
import { composeConfirmation } from '../../server/nudges/confirmation';
import { expectMailLayout } from '../support/mail-message';

const link = 'https://sower.example/confirm-email?token=abc_DEF-123';

describe('composeConfirmation', () => {
  for (const locale of locales) {
    it(`is written in ${locale}, with the link once in each part and the expiry`, () => {
      const mail = composeConfirmation(locale, link);
      expect(mail.subject).toBe(translate(locale, 'Confirm your email address for Sower'));
      const expiry = translate(locale, 'This link works once and expires in 24 hours.');
      expect(mail.text).toContain(expiry);
      expect(mail.html).toContain(expiry);
      expectMailLayout(mail, locale, link);
    });
  }

  it('escapes the link in the HTML part', () => {
    const odd = 'https://sower.example/confirm-email?token=a&b="c"';
    const { html } = composeConfirmation('en', odd);
    expect(html).toContain('href="https://sower.example/confirm-email?token=a&amp;b=&quot;c&quot;"');
    expect(html).not.toContain('"c"');
  });
});
