import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { userQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { downloadCsv, toCsv } from '../../lib/csv';
import { showSigned } from '../../lib/display';
import { toneOf } from '../../ui/tone';
import { formatDateTime } from '../../lib/time';
import { fundingCsv } from './csv-columns';
import { HistoryFilters, type Filters } from './history-filters';
import { Empty, SmallButton, Td, Th } from './table-parts';

/** Funding paid (negative) and received (positive) per settlement. */
export function FundingHistory({ account, symbols }: { account: string; symbols: readonly string[] }) {
  const api = useApi();
  const [filters, setFilters] = useState<Filters>({ symbol: '', side: '', status: '' });
  const query = useQuery({
    ...userQueries.funding(api, account, { limit: 100, ...(filters.symbol ? { symbol: filters.symbol } : {}) }),
    refetchInterval: 60_000,
  });
  const rows = query.data ?? [];
  return (
    <div>
      <HistoryFilters value={filters} onChange={setFilters} symbols={symbols} showSide={false}>
        <SmallButton onClick={() => downloadCsv(`funding-${account}.csv`, toCsv(rows, fundingCsv))} disabled={rows.length === 0}>
          Export CSV
        </SmallButton>
      </HistoryFilters>
      <table className="w-full" data-testid="funding-history">
        <thead>
          <tr>
            <Th>Time</Th>
            <Th align="left">Market</Th>
            <Th align="left">Type</Th>
            <Th title="Positive: received; negative: paid">Amount</Th>
          </tr>
        </thead>
        <tbody>
          {query.isError && <Empty colSpan={4}>Funding history unavailable: {query.error.message}</Empty>}
          {query.isLoading && <Empty colSpan={4}>Loading funding…</Empty>}
          {query.isSuccess && rows.length === 0 && <Empty colSpan={4}>No funding payments yet</Empty>}
          {rows.map((f) => (
            <tr key={f.id} className="border-t border-line/60 hover:bg-panel-2">
              <Td className="num text-muted">{formatDateTime(f.transact_time)}</Td>
              <Td align="left" className="font-medium">{f.symbol}</Td>
              <Td align="left" className="text-muted">{f.txn_type}</Td>
              <Td className={`num ${toneOf(f.qty)}`}>
                {showSigned(f.qty, 6)} <span className="text-muted">{f.asset}</span>
              </Td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
