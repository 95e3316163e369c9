import { useLingui } from '@lingui/react/macro';
import type { KlineResolution } from '../../api/schemas';
import { Segmented } from '../../ui/segmented';
import { RESOLUTIONS } from './kline-buckets';

export function ResolutionBar({ value, onChange }: { value: KlineResolution; onChange: (r: KlineResolution) => void }) {
  const { t, i18n } = useLingui();
  const choices = RESOLUTIONS.map((r) => ({ ...r, title: i18n._(r.title) }));
  return (
    <Segmented kind="choice" label={t`Candle interval`} look="pill" choices={choices} value={value} onChange={onChange} className="flex shrink-0 items-center gap-0.5" />
  );
}
