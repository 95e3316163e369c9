import { useLingui } from '@lingui/react/macro';
import { activateLocale } from '../../i18n/activate';
import { isLocale, LOCALE_NAMES, LOCALES } from '../../i18n/locales';

/** The app's language: each listed by its own name, the choice kept in this browser. */
export function LanguageChoice() {
  const { t, i18n } = useLingui();
  return (
    <label className="flex items-center gap-2">
      <span className="text-muted">{t`Language`}</span>
      <select
        className="rounded border border-line bg-panel-2 px-1.5 py-0.5"
        value={i18n.locale}
        data-testid="language-choice"
        onChange={(e) => {
          if (isLocale(e.target.value)) void activateLocale(e.target.value, { remember: true });
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
