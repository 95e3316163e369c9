import type { ReactNode } from 'react';

export interface Filters {
  symbol: string;
  side: '' | 'buy' | 'sell';
  status: string;
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

/** Market / side / status filters above a history table, plus its actions (load more, CSV). */
export function HistoryFilters({ value, onChange, symbols, statuses, showSide = true, children }: Props) {
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
      <span className="ml-auto flex items-center gap-2">{children}</span>
    </div>
  );
}
