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
import { Button } from '../../ui/button';
import { PagedTable, type Column } from '../../ui/paged-table';
import { ROW, Td } from '../../ui/table-cells';

const COLUMNS: Column[] = [
  { label: 'Time' },
  { label: 'Market', align: 'left' },
  { label: 'Type', align: 'left' },
  { label: 'Amount', title: 'Positive: received; negative: paid' },
];
const WORDS = { loading: 'Loading funding…', empty: 'No funding payments yet', unavailable: 'Funding history unavailable' };

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
        <Button onClick={() => downloadCsv(`funding-${account}.csv`, toCsv(rows, fundingCsv))} disabled={rows.length === 0}>
          Export CSV
        </Button>
      </HistoryFilters>
      <PagedTable testId="funding-history" columns={COLUMNS} rowCount={rows.length} query={query} words={WORDS}>
        {rows.map((f) => (
          <tr key={f.id} className={ROW}>
            <Td className="num text-muted">{formatDateTime(f.transact_time)}</Td>
            <Td align="left" className="font-medium">{f.symbol}</Td>
            <Td align="left" className="text-muted">{f.txn_type}</Td>
            <Td className={`num ${toneOf(f.qty)}`}>
              {showSigned(f.qty, 6)} <span className="text-muted">{f.asset}</span>
            </Td>
          </tr>
        ))}
      </PagedTable>
    </div>
  );
}
