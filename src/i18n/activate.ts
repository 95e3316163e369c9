import { i18n, type Messages } from '@lingui/core';
import { setDisplayLocale } from '../lib/display-locale';
import { LOCALE_STORAGE_KEY, type Locale } from './locales';

type Catalogue = () => Promise<{ messages: Messages }>;

// Two catalogues per language (lingui.config.ts): the shell's words, loaded before the first paint,
// and the panels' (chart, account, order form, wallets, dialogs), loaded with their code. Only the
// active language's are ever fetched.
const CATALOGUES: Record<'shell' | 'panels', Record<Locale, Catalogue>> = {
  shell: { en: () => import('../locales/en/shell.po'), 'zh-CN': () => import('../locales/zh-CN/shell.po') },
  panels: { en: () => import('../locales/en/panels.po'), 'zh-CN': () => import('../locales/zh-CN/panels.po') },
};
export type CataloguePart = keyof typeof CATALOGUES;

const wanted = new Set<CataloguePart>(['shell']);

async function messagesOf(locale: Locale): Promise<Messages> {
  const parts = await Promise.all([...wanted].map((part) => CATALOGUES[part][locale]()));
  return Object.assign({}, ...parts.map((p) => p.messages)) as Messages;
}

/**
 * Loads `locale`'s catalogues and makes it the app's language: every component reading words through
 * Lingui re-renders, numbers and dates follow, `<html lang>` follows (screen readers, fonts), and the
 * choice is kept in this browser when `remember` is set (a choice made in Settings, not a first visit's
 * guess from the browser).
 */
export async function activateLocale(locale: Locale, { remember = false } = {}): Promise<void> {
  const messages = await messagesOf(locale);
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

/**
 * The panels' words, before a lazily loaded panel renders (`lazy(() => withPanelWords(import(…)))`):
 * fetched once per language; a later language switch fetches them with the shell's.
 */
export async function loadPanelWords(): Promise<void> {
  if (wanted.has('panels')) return;
  wanted.add('panels');
  const locale = i18n.locale as Locale;
  const { messages } = await CATALOGUES.panels[locale]();
  // A switch may have happened meanwhile: it loaded the panels' words itself.
  if (i18n.locale === locale) i18n.load(locale, messages);
}

/** A lazy panel's module, resolved once its words are there too. */
export function withPanelWords<M>(module: Promise<M>): Promise<M> {
  return Promise.all([module, loadPanelWords()]).then(([m]) => m);
}

// A panel's message asked for before its catalogue arrived (a toast raised early): fetch it now.
i18n.on('missing', () => void loadPanelWords());
