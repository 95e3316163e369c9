import type { KlineResolution } from '../../api/schemas';
import { Segmented } from '../../ui/segmented';
import { RESOLUTIONS } from './kline-buckets';

export function ResolutionBar({ value, onChange }: { value: KlineResolution; onChange: (r: KlineResolution) => void }) {
  return (
    <Segmented kind="choice" label="Candle interval" look="pill" choices={RESOLUTIONS} value={value} onChange={onChange} className="flex items-center gap-0.5" />
  );
}
