import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// What loads after the first book row has painted (as its code does: trade-page.tsx, app.tsx, the
// lazy dialogs): its words are a second catalogue, so the page's first paint fetches only its own.
const PANELS = [
  '<rootDir>/src/features/account',
  '<rootDir>/src/features/order-form',
  '<rootDir>/src/features/chart',
  '<rootDir>/src/features/funding-rates',
  '<rootDir>/src/features/depth-chart',
  '<rootDir>/src/features/price-alerts',
  '<rootDir>/src/features/portfolio',
  '<rootDir>/src/app/portfolio-page.tsx',
  '<rootDir>/src/app/side-page.tsx',
  '<rootDir>/src/features/wallets',
  '<rootDir>/src/trading',
  '<rootDir>/src/app/wallets-page.tsx',
  '<rootDir>/src/features/settings/settings-panel.tsx',
  '<rootDir>/src/features/settings/language-choice.tsx',
  '<rootDir>/src/features/settings/display-section.tsx',
  '<rootDir>/src/features/settings/notification-permission.ts',
  '<rootDir>/src/features/settings/shortcuts-overlay.tsx',
  '<rootDir>/src/features/session/sign-in-dialog.tsx',
  '<rootDir>/src/features/session/solana-options.tsx',
  '<rootDir>/src/features/session/vault-picker.tsx',
  '<rootDir>/src/features/settings/shortcuts.ts',
  // Shared widgets and words only the panels above use.
  '<rootDir>/src/ui/order-rule-words.ts',
  '<rootDir>/src/ui/typed-decimal-words.ts',
  '<rootDir>/src/ui/fired-close-words.ts',
  '<rootDir>/src/ui/paged-table.tsx',
  '<rootDir>/src/ui/confirm-panel.tsx',
  '<rootDir>/src/ui/confirm-dialog.tsx',
];
/** A folder as the glob of everything in it (exclude takes globs; include takes folders too). */
const asGlob = (path: string) => (/\.tsx?$/.test(path) ? path : `${path}/**`);
const NOT_APP_CODE = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/__fixtures__/**'];

/**
 * The app's words (docs/i18n.md): English is the source (the text in the code), Simplified Chinese
 * its translation. `npm run i18n:extract` refreshes the catalogues from the code; the production
 * build fails on a message with no Chinese, and the tests on catalogues out of date with the code.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-CN'],
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/shell', include: ['<rootDir>/src'], exclude: [...PANELS.map(asGlob), ...NOT_APP_CODE] },
    { path: '<rootDir>/src/locales/{locale}/panels', include: PANELS, exclude: NOT_APP_CODE },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
