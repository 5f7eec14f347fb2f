// A coarse name for the device a request came from, for the owner's list of sessions and security log (issue 33): the
// browser's and the system's names from the User-Agent, no versions, nothing that tells one phone from another.
import { msg, type Locale } from '../../shared/i18n';
import { translate } from '../i18n';

/** First match wins: Edge, Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari". */
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+ (?:Mobile\/\w+ )?Safari\//, 'Safari'],
];

/** First match wins: Android says "Linux", iPhones say "Mac OS X". */
const systems: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A User-Agent is the sender's to write: only its start is read, and every pattern above is linear. */
const READ_CHARS = 512;

/** 'Browser|System' as stored, either part '' when not recognised; '' for neither. */
export function deviceOf(userAgent: string | undefined): string {
  const text = (userAgent ?? '').slice(0, READ_CHARS);
  const browser = browsers.find(([pattern]) => pattern.test(text))?.[1] ?? '';
  const system = systems.find(([pattern]) => pattern.test(text))?.[1] ?? '';
  return browser || system ? `${browser}|${system}` : '';
}

/** The stored device in the reader's language: 'Firefox on Android', 'A browser on Windows', 'Unknown device'. */
export function describeDevice(locale: Locale, stored: string): string {
  const [browser = '', system = ''] = stored.split('|');
  if (browser && system) return translate(locale, msg('{browser} on {system}'), { browser, system });
  if (browser) return browser;
  if (system) return translate(locale, msg('A browser on {system}'), { system });
  return translate(locale, msg('Unknown device'));
}
