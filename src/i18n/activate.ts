import { i18n, type Messages } from '@lingui/core';
import { setDisplayLocale } from '../lib/display-locale';
import { LOCALE_STORAGE_KEY, type Locale } from './locales';

// Only the active language's catalogue is fetched: each is its own chunk.
const catalogues: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en.po'),
  'zh-CN': () => import('../locales/zh-CN.po'),
};

/**
 * Loads `locale`'s catalogue and makes it the app's language: every component reading words through
 * Lingui re-renders, `<html lang>` follows (screen readers, fonts, hyphenation), and the choice is
 * kept in this browser when `remember` is set (a choice made in Settings, not a first visit's guess).
 */
export async function activateLocale(locale: Locale, { remember = false } = {}): Promise<void> {
  const { messages } = await catalogues[locale]();
  // Numbers and dates first: the components the switch re-renders format in the new language.
  setDisplayLocale(locale);
  i18n.loadAndActivate({ locale, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (remember) {
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // Storage blocked: the language holds until the page is closed.
    }
  }
}
