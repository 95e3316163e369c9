import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { userQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { downloadCsv, toCsv } from '../../lib/csv';
import { show, showSigned } from '../../lib/display';
import { toneOf } from '../../ui/tone';
import { formatDateTime } from '../../lib/time';
import { tradeCsv } from './csv-columns';
import { HistoryFilters, type Filters } from './history-filters';
import { Button } from '../../ui/button';
import { PagedTable, type Column } from '../../ui/paged-table';
import { ROW, Td } from '../../ui/table-cells';
import { useSymbolDecimals } from './use-symbol-decimals';

const PAGE = 100;
const COLUMNS: Column[] = [
  { label: 'Time' },
  { label: 'Market', align: 'left' },
  { label: 'Side', align: 'left' },
  { label: 'Price' },
  { label: 'Size' },
  { label: 'Value' },
  { label: 'Fee' },
  { label: 'Realized PnL' },
];
const WORDS = { loading: 'Loading trades…', empty: 'No trades match', unavailable: 'Trade history unavailable' };

/** The account's fills, newest first, a page at a time (last_id), filterable and exportable. */
export function TradeHistory({ account, symbols }: { account: string; symbols: readonly string[] }) {
  const api = useApi();
  const decimalsOf = useSymbolDecimals();
  const [filters, setFilters] = useState<Filters>({ symbol: '', side: '', status: '' });
  const query = useInfiniteQuery(
    userQueries.tradesPaged(api, account, {
      limit: PAGE,
      ...(filters.symbol ? { symbol: filters.symbol } : {}),
      ...(filters.side ? { side: filters.side } : {}),
    }),
  );
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.result) ?? [], [query.data]);

  return (
    <div>
      <HistoryFilters value={filters} onChange={setFilters} symbols={symbols}>
        <Button onClick={() => downloadCsv(`trades-${account}.csv`, toCsv(rows, tradeCsv))} disabled={rows.length === 0}>
          Export CSV
        </Button>
      </HistoryFilters>
      <PagedTable testId="trade-history" columns={COLUMNS} rowCount={rows.length} query={query} words={WORDS}>
        {rows.map((t) => {
          const d = decimalsOf(t.symbol);
          return (
            <tr key={t.id} className={ROW}>
              <Td className="num text-muted">{formatDateTime(t.created_at)}</Td>
              <Td align="left" className="font-medium">{t.symbol}</Td>
              <Td align="left" className={t.side === 'buy' ? 'text-up' : 'text-down'}>{t.side === 'buy' ? 'Buy' : 'Sell'}</Td>
              <Td className="num">{show(t.price, d.price)}</Td>
              <Td className="num">{show(t.qty, d.qty)}</Td>
              <Td className="num">{show(t.value, 2)}</Td>
              <Td className="num">
                {show(t.fee_qty, 4)} <span className="text-muted">{t.fee_asset}</span>
              </Td>
              <Td className={`num ${toneOf(t.pnl)}`}>{showSigned(t.pnl, 2)}</Td>
            </tr>
          );
        })}
      </PagedTable>
    </div>
  );
}
