/** The languages the app is written in: English (the source) and Simplified Chinese. */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/** Each language by its own name, as a language picker lists them (never translated). */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a language's own name is the same in every language
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language a first visit gets: the first of the browser's languages the app has, matched by
 * language ("zh", "zh-CN", "zh-SG", "zh-Hans" read Simplified; "zh-TW", "zh-HK", "zh-Hant" are
 * Traditional, which the app does not have, so they fall through); English when none matches.
 */
export function pickLocale(browserLanguages: readonly string[]): Locale {
  for (const tag of browserLanguages) {
    const lower = tag.toLowerCase();
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
    if (lower === 'zh' || /^zh-(cn|sg|hans)/.test(lower)) return 'zh-CN';
  }
  return SOURCE_LOCALE;
}

export const LOCALE_STORAGE_KEY = 'perps.locale';

/** The language chosen in Settings (kept in this browser), else the browser's. */
export function initialLocale(storage: Pick<Storage, 'getItem'> | null, browserLanguages: readonly string[]): Locale {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    // Storage blocked: the browser's language, and the choice is not kept.
  }
  return isLocale(stored) ? stored : pickLocale(browserLanguages);
}
