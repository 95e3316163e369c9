import js from '@eslint/js';
import globals from 'globals';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { cyclesPlugin } from './tools/eslint-cycles.js';
import { layersPlugin } from './tools/eslint-layers.js';

export default tseslint.config(
  { ignores: ['dist', 'dist-e2e', 'node_modules', 'test-results', 'playwright-report', '.devnet-data', 'devnet/contracts/artifacts', 'bench/.out', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks, layers: layersPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'layers/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // No import cycles, type-only imports included (tools/eslint-cycles.js).
    files: ['src/**', 'devnet/**'],
    plugins: { cycles: cyclesPlugin },
    rules: { 'cycles/no-cycle': 'error' },
  },
  {
    // Every word the app writes comes from the catalogues (src/locales, docs/i18n.md): a string that
    // reads like text (a capital or a space) in the app's code is an error unless it is one of the
    // things below that are not words for the trader. Type-aware, so a string of a literal-union type
    // ('buy' | 'sell') is a value, not text.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'src/testing/**', 'src/**/testing/**', 'src/**/__fixtures__/**', 'src/api/**', 'src/wallet/**', 'src/lib/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // identifiers, keys, lower-case tokens; CONSTANT_CASE; punctuation and symbols only
            '^(?![A-Z])\\S+$',
            '^[A-Z][A-Z0-9_-]*$',
            '^\\W*$',
          ],
          ignoreNames: [
            { regex: { pattern: '[cC]lassName$|^data-|^aria-(?!label|description|valuetext|roledescription|placeholder)|^(type|role|id|key|href|to|lang|name|inputMode|autoComplete|method|mode|event|testid|testId|look|kind|variant|side|tone|align|unit)$' } },
          ],
          ignoreFunctions: [
            'console.*', 'Error', 'TypeError', 'RangeError', 'querySelector', 'querySelectorAll', '*.querySelector', '*.querySelectorAll', '*.closest', '*.matches',
            'useMediaQuery', 'matchMedia', '*.addEventListener', '*.removeEventListener', 'fetch', 'URL', 'Intl.*', '*.setAttribute', '*.getAttribute', '*.setProperty',
            '*.startsWith', '*.endsWith', '*.includes', '*.split', '*.join', '*.replace', '*.replaceAll', 'localStorage.*', 'sessionStorage.*', '*.getItem', '*.setItem', '*.removeItem',
            'dec', 'new D', 'navigate', 'useNavigate', 'postMessage', 'performance.*', 'document.createElement',
          ],
          useTsTypes: true,
        },
      ],
    },
  },
  {
    // src/lib, src/api and src/wallet run in node too (the devnet, bench, tools), where Lingui's macros
    // are not compiled: they return codes and data, and the words are chosen above them.
    files: ['src/lib/**', 'src/api/**', 'src/wallet/**'],
    ignores: ['**/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@lingui/*'], message: 'lib, api and wallet return codes; words live in ui, trading or features (docs/i18n.md)' }] }] },
  },
  {
    // Plain scripts the page loads as they are (public/display-boot.js runs before the app's code).
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['scripts/**', 'tools/**', '*.config.*'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'devnet/**', 'scripts/**', 'bench/**', 'tools/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off' },
  },
);
