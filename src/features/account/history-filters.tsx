import type { ReactNode } from 'react';
import { rangeBounds } from '../../lib/date-range';

export interface Filters {
  symbol: string;
  side: '' | 'buy' | 'sell';
  status: string;
  /** Local days 'YYYY-MM-DD'; '' leaves that end open. */
  from: string;
  to: string;
}

export const NO_FILTERS: Filters = { symbol: '', side: '', status: '', from: '', to: '' };

/** The query's start/end of the chosen days, or nothing while the range is wrong (its error shows by the inputs). */
export function filterRange(f: Filters): { start?: string; end?: string } {
  const b = rangeBounds(f);
  return 'error' in b ? {} : b;
}

interface Props {
  value: Filters;
  onChange: (f: Filters) => void;
  symbols: readonly string[];
  statuses?: readonly { value: string; label: string }[];
  showSide?: boolean;
  children?: ReactNode;
}

const select = 'rounded border border-line bg-bg px-1 py-0.5';
const date = select; // native date pickers follow the theme's color-scheme

/** Market / side / status / date-range filters above a history table, plus its actions (CSV). */
export function HistoryFilters({ value, onChange, symbols, statuses, showSide = true, children }: Props) {
  const bounds = rangeBounds(value);
  const error = 'error' in bounds ? bounds.error : null;
  return (
    <div className="flex flex-wrap items-center gap-2 px-2 py-1">
      <select aria-label="Market" value={value.symbol} onChange={(e) => onChange({ ...value, symbol: e.target.value })} className={select}>
        <option value="">All markets</option>
        {symbols.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      {showSide && (
        <select aria-label="Side" value={value.side} onChange={(e) => onChange({ ...value, side: e.target.value as Filters['side'] })} className={select}>
          <option value="">Buy and sell</option>
          <option value="buy">Buy</option>
          <option value="sell">Sell</option>
        </select>
      )}
      {statuses && (
        <select aria-label="Status" value={value.status} onChange={(e) => onChange({ ...value, status: e.target.value })} className={select}>
          <option value="">Any status</option>
          {statuses.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      )}
      <label className="flex items-center gap-1 text-muted">
        From
        <input
          type="date"
          aria-label="From"
          aria-invalid={error !== null}
          aria-describedby={error ? 'history-range-error' : undefined}
          value={value.from}
          onChange={(e) => onChange({ ...value, from: e.target.value })}
          className={date}
        />
      </label>
      <label className="flex items-center gap-1 text-muted">
        To
        <input
          type="date"
          aria-label="To"
          aria-invalid={error !== null}
          aria-describedby={error ? 'history-range-error' : undefined}
          value={value.to}
          onChange={(e) => onChange({ ...value, to: e.target.value })}
          className={date}
        />
      </label>
      {(value.from || value.to) && (
        <button type="button" className="text-muted hover:text-accent" onClick={() => onChange({ ...value, from: '', to: '' })}>
          Any date
        </button>
      )}
      {error && (
        <span id="history-range-error" role="alert" className="text-error">
          {error}
        </span>
      )}
      <span className="ml-auto flex items-center gap-2">{children}</span>
    </div>
  );
}
