// Sower's languages and how one is chosen, for the client and the server alike. Free of Lingui, of zod and of the
// database, so the sign-in page and the server's request path can import it cheaply.
//
// Every text Sower shows is written in English in the code, and that English is its message id: `t('Activity created')`
// on a screen, `msg('Contact not found')` where a text is only marked and translated later. `npm run i18n:extract`
// collects them into `shared/locales/<locale>.po` for translators; `npm run i18n:compile` makes the catalogues the app
// loads. English needs no catalogue except for messages with placeholders or plurals (ICU MessageFormat).

export const locales = ['en', 'es', 'pt-BR', 'fr', 'ar'] as const;
export type Locale = (typeof locales)[number];
export const sourceLocale: Locale = 'en';

/** Each language in its own words, as a language picker shows it (never translated). */
export const languageNames: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  ar: 'العربية',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Right-to-left scripts among Sower's languages. */
export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The first of the preferred language tags (most preferred first) that Sower speaks, by language: 'es-MX' is Spanish,
 * 'pt' and 'pt-PT' are Brazilian Portuguese (the one Portuguese Sower has), 'fr-CI' is French, 'ar-JO' is Arabic.
 * Undefined when none is.
 */
export function negotiateLocale(preferred: readonly string[]): Locale | undefined {
  for (const tag of preferred) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    const found = locales.find((locale) => locale.toLowerCase().split('-')[0] === language);
    if (found) return found;
  }
  return undefined;
}

/**
 * The locales numbers, dates and plurals are formatted with for a language: the reader's own regional form of it when
 * their preferred languages name one ('ar-JO' writes ١١ آذار ٢٠٣١ where plain 'ar' writes 11 مارس 2031; 'fr-CI',
 * 'es-MX'), then the language itself.
 */
export function formattingLocales(locale: Locale, preferred: readonly string[]): string[] {
  const language = locale.toLowerCase().split('-')[0];
  const regional = preferred.find((tag) => tag.toLowerCase().split(/[-_]/)[0] === language && tag.includes('-') && tag.toLowerCase() !== locale.toLowerCase());
  if (!regional) return [locale];
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([regional]).length ? [regional, locale] : [locale];
  } catch {
    return [locale];
  }
}

/** At most this many ranges of an Accept-Language header are read: a longer header is an attacker's, not a browser's. */
const MAX_LANGUAGE_RANGES = 20;

/** The language tags of an Accept-Language header, most preferred first ('es-MX,es;q=0.9,en;q=0.5'). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(',', MAX_LANGUAGE_RANGES)
    .map((range, index) => {
      const [tag = '', ...params] = range.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.tag && range.tag !== '*' && range.q > 0 && Number.isFinite(range.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((range) => range.tag);
}

/**
 * Marks an English text for translation without translating it here: the extractor collects it, and whoever shows it
 * translates it into the reader's language then (`t(text)` on a screen, `translate(locale, text)` on the server).
 */
export function msg<T extends string>(text: T): T {
  return text;
}

let translator: (text: string) => string = (text) => text;

/**
 * A marked text (a label of shared/vocabulary.ts) in the reader's language where this module cannot know it: the
 * client installs its translator at start (src/i18n), so a screen reads its own language; the server keeps English
 * here and translates for each request itself (server/i18n.ts translate()).
 */
export function shownText(text: string): string {
  return translator(text);
}

export function setTextTranslator(translate: (text: string) => string) {
  translator = translate;
}

export type TemplateValues = Record<string, string | number>;

/** Texts made from a template at start (a schema's message), by their English result. Bounded: never request data. */
const formatted = new Map<string, { template: string; values: TemplateValues }>();
const MAX_FORMATTED = 2000;

/**
 * An English text from a template and values, for a message built once when a module loads ('{label} must be at most
 * {max} characters' for each field): the template is what translators see, and whoever shows the text translates it
 * from the template (templateOf) with the same values; a value that is itself a marked text is translated too. Simple
 * `{name}` placeholders only. Never for texts built per request (they would only fill the table): translate those
 * where they are made.
 */
export function fmt(template: string, values: TemplateValues): string {
  const text = fillTemplate(template, values);
  if (!formatted.has(text) && formatted.size < MAX_FORMATTED) formatted.set(text, { template, values });
  return text;
}

/**
 * A name someone wrote, as it is placed into a sentence: wrapped in Unicode isolates (FSI … PDI), so an Arabic team
 * name inside an English sentence, or a Latin one inside an Arabic sentence, keeps its own direction and the sentence's
 * punctuation stays where it belongs. The client's t() isolates its values in a right-to-left language and leaves a
 * value isolated here as it is.
 */
export const isolated = (name: string): string => (name.startsWith('\u2068') && name.endsWith('\u2069') ? name : `\u2068${name}\u2069`);

/** A template's English with its simple `{name}` placeholders filled in (no plurals), unknown names left as they are. */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

export function templateOf(text: string): { template: string; values: TemplateValues } | undefined {
  return formatted.get(text);
}

/**
 * An English message in the reader's language, by the reader's translate function (the client's t, or the server's
 * translate for a request's language): one made from a template (fmt) is translated from its template, each value that
 * is a marked text translated too; any other is looked up as it is, and one the catalogues do not know (a user's own
 * words, a message already translated) stays as it is.
 */
export function translateMessageWith(english: string, translate: (id: string, values?: Record<string, unknown>) => string): string {
  const made = templateOf(english);
  if (!made) return translate(english);
  const values = Object.fromEntries(Object.entries(made.values).map(([name, value]) => [name, typeof value === 'string' ? translate(value) : value]));
  return translate(made.template, values);
}

/**
 * The placeholders that stand for a name someone typed (a contact's, a team's, a person's): every translation shown on
 * a screen places them between isolates (FSI … PDI), so a name in another script keeps its own direction and never
 * carries the words around it along (tests/unit/i18n.test.ts).
 */
export const NAME_PLACEHOLDERS: readonly string[] = ['name', 'team', 'inviter', 'duplicate', 'kept', 'original'];

/**
 * Whether an English message compiles to plain text and `{name}` arguments only (no plural, select, format or tags):
 * such a message is compiled where it is used (compileSimpleMessage), so the English catalogue ships only the others.
 */
export const isSimpleMessage = (message: string): boolean => /^[^{}<']*(\{\w+\}[^{}<']*)*$/.test(message);

/** A simple message (isSimpleMessage) as Lingui's compiler writes it: its text, and each `{name}` as `[name]`. */
export function compileSimpleMessage(message: string): (string | [string])[] {
  return message
    .split(/\{(\w+)\}/)
    .map((part, index): string | [string] => (index % 2 ? [part] : part))
    .filter((part) => part !== '');
}
