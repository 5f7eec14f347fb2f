// Lingui's extract and compile commands (docs/decisions/022-translations-with-lingui.md).
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { sowerExtractor } from './scripts/i18n/extractor';
import { locales, sourceLocale } from './shared/i18n';

export default defineConfig({
  locales: [...locales],
  sourceLocale,
  fallbackLocales: { default: sourceLocale },
  catalogs: [
    {
      path: '<rootDir>/shared/locales/{locale}',
      include: ['<rootDir>/src', '<rootDir>/server', '<rootDir>/shared'],
      exclude: ['**/node_modules/**', '<rootDir>/shared/locales/**'],
    },
  ],
  format: formatter({ origins: true, lineNumbers: false, explicitIdAsDefault: true }),
  compileNamespace: 'ts',
  orderBy: 'messageId',
  extractors: [sowerExtractor],
});
