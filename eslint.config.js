import js from '@eslint/js';
import globals from 'globals';
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
    files: ['scripts/**', 'tools/**', '*.config.*'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'devnet/**', 'scripts/**', 'bench/**', 'tools/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off' },
  },
);
