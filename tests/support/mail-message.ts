// What every message Sower mails holds, in any language, for the unit tests of each message: the link once in each part,
// the HTML page's language and direction, and every placeholder filled.
import { expect } from 'vitest';

export function expectMailLayout(mail: { subject: string; text: string; html: string }, locale: string, link: string) {
  expect(mail.text.split(link)).toHaveLength(2);
  expect(mail.html.split(`href="${link}"`)).toHaveLength(2);
  expect(mail.html).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
  // Nothing of the form {name} is left.
  expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/\{\w+\}/);
}
