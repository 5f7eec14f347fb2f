// ESLint for the whole tree (`npm run lint`, in `npm test`): the recommended sets of ESLint, typescript-eslint, the
// React hooks rules and jsx-a11y for the client; what is turned off, and why, is in docs/decisions/028-lint-and-format.md.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { floorsPlugin } from './scripts/floors.mjs';
import { typescriptPlugin } from './scripts/typescript-diagnostics.mjs';

export default tseslint.config(
  {
    // Built or generated: the build outputs, test reports, and the compiled translation catalogues.
    ignores: ['dist/', 'dist-server/', 'dist-ssr/', 'test-results/', 'playwright-report/', '.tmp/', 'data/', 'src/locales/*.ts', 'shared/locales/*.ts'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      globals: globals.node,
      // Type-aware: one TypeScript program from tsconfig.json (which covers every linted .ts/.tsx file) for the rules below.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { typescript: typescriptPlugin },
    rules: {
      'typescript/diagnostics': 'error',
      // A promise nobody awaits, catches or marks `void` (a write whose failure nobody hears), an async function where a
      // callback's return is ignored, and an `await` on what is not a promise (decision 028).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // As tsc's noUnusedLocals: a name starting with _ is unused on purpose (a rest sibling left out of a copy, a
      // callback's leading parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // The French seed articles keep French typography's narrow no-break spaces (before ; : ! ?) in template literals.
      'no-irregular-whitespace': ['error', { skipTemplates: true }],
      // Prettier wraps code at 160 columns but never a comment or a string; this catches those. Exempt: URLs, regular
      // expressions, template literals (the seed library's articles are prose in them), and a line that is one string
      // alone, where Prettier has already put it: a message's English text is its catalogue key and cannot be split.
      'max-len': [
        'error',
        {
          code: 160,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
          ignoreTemplateLiterals: true,
          // A line that is one string (a JSX attribute's, an object key's) or a test's name: the string cannot be split.
          ignorePattern: String.raw`^\s*(?:<\w+\s+)?(?:[\w-]+[=:]\s*)?(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")[,;]?(?:\s*\/>)?$|^\s*(?:it|test|describe)\(`,
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // Tests read JSON answers loosely (their shape is checked against the OpenAPI document, tests/api/contract.ts) and
    // the benches likewise.
    files: ['tests/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Browser tests run some callbacks inside the page.
    files: ['tests/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  { files: ['sw/**/*.js'], languageOptions: { globals: globals.serviceworker } },
  // The build scripts, this file and the service worker are plain JavaScript, outside tsconfig.json: no types to use.
  { files: ['**/*.{js,mjs}'], extends: [tseslint.configs.disableTypeChecked] },
  {
    // Every import points down a floor, and the client reaches server/ and db/ only with `import type` (decision 035).
    files: ['server/**/*.ts', 'shared/**/*.ts', 'db/**/*.ts', 'src/**/*.{ts,tsx}', 'sw/**/*.js'],
    plugins: { floors: floorsPlugin },
    rules: { 'floors/import-down': 'error' },
  },
);
