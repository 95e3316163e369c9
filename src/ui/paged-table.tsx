import type { ReactNode } from 'react';
import { Button } from './button';
import { Th } from './table-cells';

export interface Column {
  label: ReactNode;
  align?: 'left' | 'right' | undefined;
  /** What the heading means, on hover. */
  title?: string | undefined;
}

/**
 * What the table needs to know of the query behind its rows: a react-query result fits, a plain
 * one (no pages) too.
 */
export interface RowsQuery {
  isLoading: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: Error | null;
  hasNextPage?: boolean | undefined;
  isFetchingNextPage?: boolean | undefined;
  fetchNextPage?: (() => Promise<unknown>) | undefined;
}

/** What the body says when it has no rows to show. */
export interface TableWords {
  /** When the query succeeded (or there is none) and nothing is listed. */
  empty: ReactNode;
  loading?: string | undefined;
  /** Prefix of the error: "Order history unavailable" → "Order history unavailable: <reason>". */
  unavailable?: string | undefined;
}

interface Props {
  testId: string;
  columns: readonly Column[];
  rowCount: number;
  words: TableWords;
  query?: RowsQuery | undefined;
  /** The rows (`<tr>`s, with `ROW` and `Td` from table-cells). */
  children: ReactNode;
}

function Note({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-2 py-6 text-center text-muted">
        {children}
      </td>
    </tr>
  );
}

/**
 * A dense data table: sticky headings, then the rows, or why there are none (loading, the query's
 * error, nothing listed); under it "Load more" while the query has another page.
 */
export function PagedTable({ testId, columns, rowCount, words, query, children }: Props) {
  const span = columns.length;
  return (
    <>
      <table className="w-full" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <Th key={i} align={c.align} title={c.title}>
                {c.label}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {query?.isError && (
            <Note colSpan={span}>
              {words.unavailable ?? 'Unavailable'}: {query.error?.message}
            </Note>
          )}
          {query?.isLoading && <Note colSpan={span}>{words.loading ?? 'Loading…'}</Note>}
          {(!query || query.isSuccess) && rowCount === 0 && <Note colSpan={span}>{words.empty}</Note>}
          {children}
        </tbody>
      </table>
      {query?.hasNextPage && query.fetchNextPage && (
        <div className="p-2 text-center">
          <Button onClick={() => void query.fetchNextPage?.()} busy={query.isFetchingNextPage ?? false} busyLabel="Loading…">
            Load more
          </Button>
        </div>
      )}
    </>
  );
}
