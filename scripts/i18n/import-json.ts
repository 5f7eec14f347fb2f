// Fills a language's .po catalogue from a translator's JSON file ({ "<English id>": "<translation>" }), keeping every
// entry of the .po and only setting the translations the file has. Usage: tsx scripts/i18n/import-json.ts <locale> <file>
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatter } from '@lingui/format-po';
import { isLocale, sourceLocale } from '../../shared/i18n';

const [locale, file] = process.argv.slice(2);
if (!isLocale(locale) || locale === sourceLocale || !file) {
  console.error('Usage: tsx scripts/i18n/import-json.ts <es|pt-BR|fr|ar> <file.json>');
  process.exit(2);
}
const translations: Record<string, string> = JSON.parse(readFileSync(file, 'utf8'));
const path = join(import.meta.dirname, '..', '..', 'shared', 'locales', `${locale}.po`);
const po = formatter({ origins: true, lineNumbers: false, explicitIdAsDefault: true });
const ctx = { locale, sourceLocale, filename: path };
const catalogue = (await po.parse(readFileSync(path, 'utf8'), ctx)) ?? {};
let set = 0;
for (const [id, entry] of Object.entries(catalogue)) {
  if (typeof translations[id] === 'string' && translations[id].trim()) {
    entry.translation = translations[id];
    set++;
  }
}
writeFileSync(path, await po.serialize(catalogue, { ...ctx, existing: readFileSync(path, 'utf8') }));
console.log(`${locale}: ${set} of ${Object.keys(catalogue).length} translations set`);
