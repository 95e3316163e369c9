import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLocale } from '../i18n/activate';
import { initialLocale } from '../i18n/locales';
import { App, beforeFirstRender } from './app';
import { startDisplayAttributes } from './display-attributes';
import './styles.css';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// Theme, colours, layout and density on <html> before anything is drawn: no flash of the default.
startDisplayAttributes();

// The words come first (one small catalogue chunk): the page never paints in a language it then
// swaps. A catalogue that fails to load falls back to English rather than leaving the page blank.
const locale = initialLocale(storage(), navigator.languages);
void activateLocale(locale)
  .catch(() => activateLocale('en'))
  .then(beforeFirstRender)
  .finally(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
