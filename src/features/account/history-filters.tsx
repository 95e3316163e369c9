import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { rangeBounds } from '../../lib/date-range';
import { RANGE_PROBLEM } from './date-range-words';

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
  statuses?: readonly { value: string; label: MessageDescriptor }[];
  showSide?: boolean;
  children?: ReactNode;
}

const selectClassName = 'rounded border border-line bg-bg px-1 py-0.5';
const dateClassName = `${selectClassName} [color-scheme:dark]`;

/** Market / side / status / date-range filters above a history table, plus its actions (CSV). */
export function HistoryFilters({ value, onChange, symbols, statuses, showSide = true, children }: Props) {
  const { t, i18n } = useLingui();
  const bounds = rangeBounds(value);
  const error = 'error' in bounds ? i18n._(RANGE_PROBLEM[bounds.error]) : null;
  return (
    <div className="flex flex-wrap items-center gap-2 px-2 py-1">
      <select aria-label={t({ message: 'Market', context: 'symbol' })} value={value.symbol} onChange={(e) => onChange({ ...value, symbol: e.target.value })} className={selectClassName}>
        <option value="">{t`All markets`}</option>
        {symbols.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      {showSide && (
        <select aria-label={t`Side`} value={value.side} onChange={(e) => onChange({ ...value, side: e.target.value as Filters['side'] })} className={selectClassName}>
          <option value="">{t`Buy and sell`}</option>
          <option value="buy">{t`Buy`}</option>
          <option value="sell">{t`Sell`}</option>
        </select>
      )}
      {statuses && (
        <select aria-label={t`Status`} value={value.status} onChange={(e) => onChange({ ...value, status: e.target.value })} className={selectClassName}>
          <option value="">{t`Any status`}</option>
          {statuses.map((s) => (
            <option key={s.value} value={s.value}>
              {i18n._(s.label)}
            </option>
          ))}
        </select>
      )}
      <label className="flex items-center gap-1 text-muted">
        <Trans>From</Trans>
        <input
          type="date"
          aria-label={t`From`}
          aria-invalid={error !== null}
          aria-describedby={error ? 'history-range-error' : undefined}
          value={value.from}
          onChange={(e) => onChange({ ...value, from: e.target.value })}
          className={dateClassName}
        />
      </label>
      <label className="flex items-center gap-1 text-muted">
        <Trans>To</Trans>
        <input
          type="date"
          aria-label={t`To`}
          aria-invalid={error !== null}
          aria-describedby={error ? 'history-range-error' : undefined}
          value={value.to}
          onChange={(e) => onChange({ ...value, to: e.target.value })}
          className={dateClassName}
        />
      </label>
      {(value.from || value.to) && (
        <button type="button" className="text-muted hover:text-accent" onClick={() => onChange({ ...value, from: '', to: '' })}>
          <Trans>Any date</Trans>
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
