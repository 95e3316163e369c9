import { Trans, useLingui } from '@lingui/react/macro';
import { Children, cloneElement, createContext, Fragment, isValidElement, use, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { Button } from './button';
import { Th } from './table-cells';

export interface Column {
  label: ReactNode;
  align?: 'left' | 'right' | undefined;
  /** What the heading means, on hover. */
  title?: string | undefined;
  /**
   * Its place in a row's card on a phone: `title` the card's first line (by default the first
   * column, when no column claims it), `actions` its buttons along the bottom (by default a last column headed by a control,
   * like "Close all"); otherwise a labelled cell in the card's grid.
   */
  card?: 'title' | 'actions' | undefined;
  /** The label in a card when the heading is not words (a "Close all" button heads "Close"). */
  cardLabel?: string | undefined;
}

type CellProps = { colSpan?: number; children?: ReactNode };

function cardRoleOf(columns: readonly Column[], i: number): Column['card'] {
  const c = columns[i];
  if (!c) return undefined;
  if (c.card) return c.card;
  if (i === 0 && !columns.some((o) => o.card === 'title')) return 'title';
  return i === columns.length - 1 && typeof c.label !== 'string' ? 'actions' : undefined;
}

/** Each cell of a row told its column's label and card role, read on a phone (styles.css `.cards`). */
function labelRow(cells: ReactNode, columns: readonly Column[]): ReactNode {
  let i = 0;
  const label = (cell: ReactNode): ReactNode => {
    if (!isValidElement<CellProps>(cell)) return cell;
    // Cells grouped in a fragment (shared cell sets) count one by one.
    if (cell.type === Fragment) return cloneElement(cell, undefined, Children.map(cell.props.children, label));
    const at = i;
    const span = cell.props.colSpan ?? 1;
    i += span;
    if (span > 1) return cell;
    const column = columns[at];
    const text = column?.cardLabel ?? (typeof column?.label === 'string' ? column.label : undefined);
    return cloneElement(cell as ReactElement<Record<string, unknown>>, {
      'data-label': text,
      'data-card': cardRoleOf(columns, at),
    });
  };
  return Children.map(cells, label);
}

/** The rows as given (`<tr>`s, maybe inside fragments), their cells labelled for the card layout. */
function labelRows(rows: ReactNode, columns: readonly Column[]): ReactNode {
  return Children.map(rows, (row) => {
    if (!isValidElement<CellProps>(row)) return row;
    if (row.type === Fragment) return cloneElement(row, undefined, labelRows(row.props.children, columns));
    if (row.type === 'tr') return cloneElement(row, undefined, labelRow(row.props.children, columns));
    return row;
  });
}

/** The columns of the table a row is in, for rows drawn by their own component (LabelledRow). */
const TableColumns = createContext<readonly Column[]>([]);

/**
 * A `<tr>` for a row drawn by its own component (the table sees only that component, not the row
 * inside it): its cells are labelled from the enclosing PagedTable's columns, as the table labels
 * the `<tr>`s it is given.
 */
export function LabelledRow({ children, ...props }: ComponentProps<'tr'>) {
  return <tr {...props}>{labelRow(children, use(TableColumns))}</tr>;
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
  /** What failed, before the error: "Order history unavailable" → "Order history unavailable: <reason>". */
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
 * error, nothing listed); under it "Load more" while the query has another page. On a phone each
 * row becomes a card (label over value, the row's buttons inside it), from the same columns: no
 * table scrolls sideways out of reach.
 */
export function PagedTable({ testId, columns, rowCount, words, query, children }: Props) {
  const { t } = useLingui();
  const span = columns.length;
  const failed = words.unavailable ?? t`Unavailable`;
  const reason = query?.error?.message ?? '';
  return (
    <>
      <table className="cards w-full" data-testid={testId}>
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
              <Trans>
                {failed}: {reason}
              </Trans>
            </Note>
          )}
          {query?.isLoading && <Note colSpan={span}>{words.loading ?? t`Loading…`}</Note>}
          {(!query || query.isSuccess) && rowCount === 0 && <Note colSpan={span}>{words.empty}</Note>}
          <TableColumns value={columns}>{labelRows(children, columns)}</TableColumns>
        </tbody>
      </table>
      {query?.hasNextPage && query.fetchNextPage && (
        <div className="p-2 text-center">
          <Button onClick={() => void query.fetchNextPage?.()} busy={query.isFetchingNextPage ?? false} busyLabel={t`Loading…`}>
            <Trans>Load more</Trans>
          </Button>
        </div>
      )}
    </>
  );
}
