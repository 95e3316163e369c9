import { useDisplaySettings, type Density, type DisplaySettings, type Side, type ThemeSetting, type UpDown } from '../../stores/display-settings';
import { Segmented, type Choice } from '../../ui/segmented';

const THEMES: Choice<ThemeSetting>[] = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
  { value: 'system', label: 'System', title: 'Follow the system’s light or dark setting' },
];
const UP_DOWN: Choice<UpDown>[] = [
  { value: 'green-up', label: 'Green up', title: 'Green: up, buy, profit. Red: down, sell, loss.' },
  { value: 'red-up', label: 'Red up', title: 'Red: up, buy, profit. Green: down, sell, loss.' },
  { value: 'colour-blind', label: 'Colour-blind', title: 'Blue: up, buy, profit. Orange: down, sell, loss.' },
];
const SIDES: Choice<Side>[] = [
  { value: 'left', label: 'Left' },
  { value: 'right', label: 'Right' },
];
const BOOK_SIDES: Choice<Side>[] = [
  { value: 'left', label: 'Left of chart' },
  { value: 'right', label: 'Right of chart' },
];
const DENSITIES: Choice<Density>[] = [
  { value: 'comfortable', label: 'Comfortable' },
  { value: 'compact', label: 'Compact' },
];

/** One segmented choice under its caption, which is also the group's accessible name. */
function Row<K extends keyof DisplaySettings>({ name, setting, caption, choices }: { name: string; setting: K; caption: string; choices: Choice<DisplaySettings[K]>[] }) {
  const value = useDisplaySettings((s) => s[setting]);
  const change = useDisplaySettings((s) => s.change);
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
  return (
    <fieldset className="rounded border border-line p-2" data-testid="display-settings">
      <legend className="px-1 text-[11px] uppercase tracking-wide text-muted">Display</legend>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <Row name="theme" setting="theme" caption="Theme" choices={THEMES} />
        <Row name="colours" setting="upDown" caption="Colours" choices={UP_DOWN} />
        <Row name="density" setting="density" caption="Density" choices={DENSITIES} />
      </div>
      <p className="mb-0.5 mt-2 text-[11px] text-muted">Layout on wide screens</p>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <Row name="book" setting="book" caption="Order book" choices={BOOK_SIDES} />
        <Row name="form" setting="form" caption="Order form" choices={SIDES} />
      </div>
    </fieldset>
  );
}
