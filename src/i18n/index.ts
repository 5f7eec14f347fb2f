// The client's language: Lingui's global i18n, the English text as each message's id (shared/i18n.ts), the catalogue
// of another language loaded on demand as its own chunk, and the document's lang and dir kept in step.
import { i18n, type Messages } from '@lingui/core';
import {
  compileSimpleMessage,
  formattingLocales,
  isolated,
  isLocale,
  isSimpleMessage,
  NAME_PLACEHOLDERS,
  negotiateLocale,
  setTextTranslator,
  sourceLocale,
  textDirection,
  type Locale,
} from '../../shared/i18n';
import { messages as english } from '../../shared/locales/en';

export { msg } from '../../shared/i18n';

// A plain text, or one with `{name}` arguments only, compiles here: English ships no catalogue for it, and every
// catalogue is complete (npm test).
i18n.setMessagesCompiler(compileSimpleMessage);
i18n.load(sourceLocale, english);
i18n.activate(sourceLocale);
// shared/vocabulary's labels speak the screen's language.
setTextTranslator((text) => t(text));

/**
 * The text in the current language: t('Activity created'), t('{count, plural, one {# day} other {# days}}', { count }).
 * In a right-to-left language each text value is isolated (FSI … PDI), so an English word inside an Arabic sentence
 * keeps its own direction and the sentence's punctuation stays where it belongs. A name's isolates are the catalogue's
 * own, in every language (NAME_PLACEHOLDERS). A value that only chooses a branch ({type, select, …}) is never shown, so
 * it stays as it is.
 */
export function t(id: string, values?: Record<string, unknown>): string {
  // Only the catalogue's own messages (a server's message may be looked up here): never one of Object.prototype's names.
  // English leaves out what compiles here (shared/i18n.ts isSimpleMessage): its arguments still fill in.
  if (!Object.hasOwn(i18n.messages, id)) return values && isSimpleMessage(id) ? i18n._(id, values) : id;
  if (values && isRtl)
    values = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        typeof value === 'string' && !choosesBranch(id, name) && !placesAName(name) ? isolated(value) : value,
      ]),
    );
  return i18n._(id, values);
}

const choosesBranch = (id: string, name: string) => id.includes(`{${name}, select,`);
/** A name's isolates are in every translation already (NAME_PLACEHOLDERS): a second pair would change nothing shown. */
const placesAName = (name: string) => NAME_PLACEHOLDERS.includes(name);

let isRtl = false;

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : sourceLocale;
}

/** The locale dates and numbers are written in: the reader's regional form of the current language, or the language. */
export function formattingLocale(): string {
  const locales = i18n.locales;
  return (Array.isArray(locales) ? locales[0] : locales) ?? currentLocale();
}

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Messages }>> = {
  es: () => import('../../shared/locales/es'),
  'pt-BR': () => import('../../shared/locales/pt-BR'),
  fr: () => import('../../shared/locales/fr'),
  ar: () => import('../../shared/locales/ar'),
};

const loaded = new Set<Locale>([sourceLocale]);

/** Fetches a language's catalogue (once); English is built in. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (loaded.has(locale) || locale === sourceLocale) return;
  const { messages } = await loaders[locale as Exclude<Locale, 'en'>]();
  i18n.load(locale, messages);
  loaded.add(locale);
}

function applyToDocument(locale: Locale) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirection(locale);
}

/** Switches every text to the language, once its catalogue is here. The last call wins when two overlap. */
let wanted: Locale = sourceLocale;
export async function activateLocale(locale: Locale): Promise<void> {
  wanted = locale;
  // The direction first: a right-to-left page never lays out left to right while its catalogue arrives.
  applyToDocument(locale);
  await loadLocale(locale);
  if (wanted !== locale || i18n.locale === locale) return;
  isRtl = textDirection(locale) === 'rtl';
  i18n.activate(locale, formattingLocales(locale, typeof navigator === 'undefined' ? [] : (navigator.languages ?? [])));
  applyToDocument(locale);
}

const CHOICE_KEY = 'sower.language';

/** The language chosen on this device (the sign-in page's picker, or the account's last known one). */
export function rememberedLocale(): Locale | undefined {
  try {
    const value = localStorage.getItem(CHOICE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function rememberLocale(locale: Locale) {
  try {
    localStorage.setItem(CHOICE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts this visit.
  }
  writeLocaleCookie(locale);
}

/**
 * The `lang` cookie: this device's choice, for the server to render a guest's page in it (server/http/page.ts; an
 * account's own language wins). A year, like the theme's; not a secret, so not HttpOnly.
 */
function writeLocaleCookie(locale: Locale) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `lang=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** At start: a choice remembered before the cookie existed (or a cookie cleared) reaches the server again. */
export function carryRememberedLocale() {
  const locale = rememberedLocale();
  if (locale) writeLocaleCookie(locale);
}

/** Before the account is known: this device's choice, else the browser's preferred languages, else English. */
export function initialLocale(): Locale {
  return rememberedLocale() ?? negotiateLocale(navigator.languages ?? [navigator.language]) ?? sourceLocale;
}

/** Subscribes to language changes (for a tree that renders in the language). */
export function onLocaleChange(listener: () => void): () => void {
  return i18n.on('change', listener);
}

export { i18n };

/** A language the visitor picked on the sign-in page during this visit: signing in saves it to the account. */
let pickedThisVisit: Locale | undefined;

/** The reader chose a language: it applies at once and is remembered on this device. */
export function chooseLocale(locale: Locale): Promise<void> {
  pickedThisVisit = locale;
  rememberLocale(locale);
  return activateLocale(locale);
}

export function localePickedThisVisit(): Locale | undefined {
  return pickedThisVisit;
}
