// The server's texts in the reader's language: one Lingui instance per language, every catalogue loaded at start (the
// catalogues are small and each is complete, npm test checks). A request's language is the signed-in user's saved
// one, else its Accept-Language, else English (shared/i18n.ts negotiates).
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { z } from 'zod';
import {
  acceptedLanguages,
  compileSimpleMessage,
  fillTemplate,
  isLocale,
  isSimpleMessage,
  type TemplateValues,
  locales,
  negotiateLocale,
  sourceLocale,
  translateMessageWith,
  type Locale,
} from '../shared/i18n';
import { messages as ar } from '../shared/locales/ar';
import { messages as en } from '../shared/locales/en';
import { messages as es } from '../shared/locales/es';
import { messages as fr } from '../shared/locales/fr';
import { messages as ptBR } from '../shared/locales/pt-BR';

const catalogues: Record<Locale, Messages> = { en, es, 'pt-BR': ptBR, fr, ar };

const instances = Object.fromEntries(
  locales.map((locale) => {
    const instance = setupI18n({ locale, messages: { [locale]: catalogues[locale] } });
    instance.setMessagesCompiler(compileSimpleMessage);
    return [locale, instance];
  }),
) as Record<Locale, I18n>;

/**
 * An English text (marked with msg() or written here as a literal) in the language. Only the catalogue's own entries
 * are looked up: a text that is not one (a key or words from a request, '__proto__', 'toString') comes back as it is,
 * never as something inherited from Object.prototype. English keeps only its messages with plurals, selects or tags.
 */
export function translate(locale: Locale, text: string, values?: Record<string, unknown>): string {
  // English leaves out of its catalogue what compiles here (shared/i18n.ts isSimpleMessage): its arguments still fill in.
  if (!Object.hasOwn(catalogues[locale], text)) return values && isSimpleMessage(text) ? fillTemplate(text, values as TemplateValues) : text;
  return instances[locale]._(text, values);
}

/** The language of a request: the user's saved one, else the Accept-Language header's first that Sower speaks. */
export function requestLocale(saved: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(saved)) return saved;
  return negotiateLocale(acceptedLanguages(acceptLanguage)) ?? sourceLocale;
}

/** A message the server wrote in English, in the language (shared/i18n.ts translateMessageWith says how). */
export function translateMessage(locale: Locale, english: string): string {
  if (locale === sourceLocale) return english;
  return translateMessageWith(english, (id, values) => translate(locale, id, values));
}

/** zod's own wording of the issues a schema did not word itself, per language (zod ships these). */
const zodWords: Record<Locale, { localeError: z.core.$ZodErrorMap }> = {
  en: z.locales.en(),
  es: z.locales.es(),
  'pt-BR': z.locales.pt(),
  fr: z.locales.fr(),
  ar: z.locales.ar(),
};

type Issue = z.core.$ZodIssue;

/** A validation issue's message in the language: the schema's own words translated, or zod's words in that language. */
export function translateIssue(locale: Locale, issue: Issue): string {
  if (locale === sourceLocale) return issue.message;
  const zodEnglish = zodText(zodWords.en.localeError, issue);
  if (zodEnglish !== undefined && zodEnglish === issue.message) return zodText(zodWords[locale].localeError, issue) ?? issue.message;
  return translateMessage(locale, issue.message);
}

function zodText(map: z.core.$ZodErrorMap, issue: Issue): string | undefined {
  try {
    // A locale's map is typed for the issue as a check raised it, before zod finished it (decision 021).
    const result = map(issue as z.core.$ZodRawIssue);
    return typeof result === 'string' ? result : result?.message;
  } catch {
    return undefined;
  }
}
