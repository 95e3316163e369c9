import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The app's words: English is the source (the text in the code), Simplified Chinese its
 * translation. `npm run i18n:extract` refreshes the catalogues from the code; the build and the
 * tests compile them on import and fail on a message with no Chinese (vite.config.ts).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-CN'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/__fixtures__/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  // Ids are hashes of the English text (the macros' default); the .po files keep the text beside them.
  orderBy: 'message',
});
