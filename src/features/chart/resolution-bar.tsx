import type { KlineResolution } from '../../api/schemas';
import { RESOLUTIONS } from './kline-buckets';

export function ResolutionBar({ value, onChange }: { value: KlineResolution; onChange: (r: KlineResolution) => void }) {
  return (
    <div role="radiogroup" aria-label="Candle interval" className="flex items-center gap-0.5">
      {RESOLUTIONS.map((r) => (
        <button
          key={r.value}
          type="button"
          role="radio"
          aria-checked={value === r.value}
          title={r.title}
          onClick={() => onChange(r.value)}
          className={`rounded px-1.5 py-0.5 ${value === r.value ? 'bg-panel-2 text-accent' : 'text-muted hover:text-text'}`}
        >
          {r.label}
        </button>
      ))}
    </div>
  );
}
