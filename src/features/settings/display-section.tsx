import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDisplaySettings, type Density, type DisplaySettings, type Side, type ThemeSetting, type UpDown } from '../../stores/display-settings';
import { Segmented, type Choice } from '../../ui/segmented';

/** A choice as words to be rendered in the current language. */
type Option<V> = { value: V; label: MessageDescriptor; title?: MessageDescriptor };

const THEMES: Option<ThemeSetting>[] = [
  { value: 'dark', label: msg`Dark` },
  { value: 'light', label: msg`Light` },
  { value: 'system', label: msg`System`, title: msg`Follow the system’s light or dark setting` },
];
const UP_DOWN: Option<UpDown>[] = [
  { value: 'green-up', label: msg`Green up`, title: msg`Green: up, buy, profit. Red: down, sell, loss.` },
  { value: 'red-up', label: msg`Red up`, title: msg`Red: up, buy, profit. Green: down, sell, loss.` },
  { value: 'colour-blind', label: msg`Colour-blind`, title: msg`Blue: up, buy, profit. Orange: down, sell, loss.` },
];
const SIDES: Option<Side>[] = [
  { value: 'left', label: msg`Left` },
  { value: 'right', label: msg`Right` },
];
const BOOK_SIDES: Option<Side>[] = [
  { value: 'left', label: msg`Left of chart` },
  { value: 'right', label: msg`Right of chart` },
];
const DENSITIES: Option<Density>[] = [
  { value: 'comfortable', label: msg`Comfortable` },
  { value: 'compact', label: msg`Compact` },
];

/** One segmented choice under its caption, which is also the group's accessible name. */
function Row<K extends keyof DisplaySettings>({ name, setting, caption, options }: { name: string; setting: K; caption: string; options: Option<DisplaySettings[K]>[] }) {
  const { i18n } = useLingui();
  const value = useDisplaySettings((s) => s[setting]);
  const change = useDisplaySettings((s) => s.change);
  const choices: Choice<DisplaySettings[K]>[] = options.map((o) => ({ value: o.value, label: i18n._(o.label), ...(o.title ? { title: i18n._(o.title) } : {}) }));
  return (
    <div data-testid={`display-${name}`}>
      <p className="mb-0.5 text-[11px] text-muted" aria-hidden="true">
        {caption}
      </p>
      <Segmented
        kind="choice"
        label={caption}
        look="block"
        choices={choices}
        value={value}
        onChange={(v) => change({ [setting]: v } as Partial<DisplaySettings>)}
        className="inline-flex gap-1"
        itemClassName="px-2"
      />
    </div>
  );
}

/** Theme, colour convention, desktop layout and density: applied at once, remembered in this browser. */
export function DisplaySection() {
  const { t } = useLingui();
  return (
    <fieldset className="rounded border border-line p-2" data-testid="display-settings">
      <legend className="px-1 text-[11px] uppercase tracking-wide text-muted">
        <Trans>Display</Trans>
      </legend>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <Row name="theme" setting="theme" caption={t`Theme`} options={THEMES} />
        <Row name="colours" setting="upDown" caption={t`Colours`} options={UP_DOWN} />
        <Row name="density" setting="density" caption={t`Density`} options={DENSITIES} />
      </div>
      <p className="mb-0.5 mt-2 text-[11px] text-muted">
        <Trans>Layout on wide screens</Trans>
      </p>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <Row name="book" setting="book" caption={t`Order book`} options={BOOK_SIDES} />
        <Row name="form" setting="form" caption={t`Order form`} options={SIDES} />
      </div>
    </fieldset>
  );
}
