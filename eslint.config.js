// ESLint 9 flat config (see docs/decisions.md, "Type-checking and linting"): typescript-eslint with
// type information from the project service (the same tsconfig.json that `tsc --noEmit` checks),
// limited to rules that catch real bugs; formatting is not linted.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NATIVE_DIALOGS = ['confirm', 'alert', 'prompt'];
const NATIVE_DIALOG_MESSAGE = "A native dialog ignores the page's language: use useDialog().ask (a question) or showDialog (a message).";

export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', 'dist/', 'data/', '.test-results/', '.screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Tuned (noise, not bugs): `any` is deliberate in stand-ins for third-party wire formats
      // and .d.ts shims; control characters in regular expressions are how the XML, URL and
      // document sanitizers strip them.
      '@typescript-eslint/no-explicit-any': 'off',
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The browser's own dialogs speak the browser's language and direction, not the page's (an Arabic page got an
      // English, left-to-right "OK / Cancel"), and cannot be styled: ask with useDialog().ask, tell with showDialog.
      'no-restricted-globals': ['error', ...NATIVE_DIALOGS.map((name) => ({ name, message: NATIVE_DIALOG_MESSAGE }))],
      'no-restricted-properties': ['error', ...['window', 'globalThis', 'self'].flatMap((object) => NATIVE_DIALOGS.map((property) => ({ object, property, message: NATIVE_DIALOG_MESSAGE })))],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The shared contract is zod schemas: the web app takes its types from them, and no zod
      // reaches the bundle. contract/dates.ts, numbers.ts, cards.ts and plan-names.ts (the formatters both sides use), limits.ts (fixed limits), page-aliases.ts (the addresses both sides redirect) and page-paths.ts (the app's pages, which the server answers 200) import nothing.
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/contract/*', '!**/contract/dates', '!**/contract/numbers', '!**/contract/cards', '!**/contract/plan-names', '!**/contract/limits', '!**/contract/page-aliases', '!**/contract/page-paths'], allowTypeImports: true, message: 'Import types only from the shared contract (import type ...).' }] },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
