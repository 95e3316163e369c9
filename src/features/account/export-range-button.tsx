import { useRef, useState } from 'react';
import { downloadCsv, toCsv, type CsvColumn } from '../../lib/csv';
import { Button } from '../../ui/button';

type Progress = { kind: 'idle' } | { kind: 'reading'; rows: number } | { kind: 'done'; rows: number } | { kind: 'failed'; rows: number; reason: string };

interface Props<T> {
  filename: string;
  columns: readonly CsvColumn<T>[];
  /** Every row of the chosen range (all pages), reporting the count read so far. */
  collect: (onProgress: (rows: number) => void, signal: AbortSignal) => Promise<T[]>;
  /** False while the filters are wrong: nothing to export. */
  disabled?: boolean;
}

/**
 * "Export CSV" of the whole chosen range, not only the loaded pages: reads every page first, says
 * how far it got, and saves a file only when the range was read to its end. A failure mid-way says
 * so and saves nothing.
 */
export function ExportRangeButton<T>({ filename, columns, collect, disabled = false }: Props<T>) {
  const [progress, setProgress] = useState<Progress>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);

  const run = async () => {
    const ctrl = new AbortController();
    abort.current = ctrl;
    let read = 0;
    setProgress({ kind: 'reading', rows: 0 });
    try {
      const rows = await collect((n) => {
        read = n;
        setProgress({ kind: 'reading', rows: n });
      }, ctrl.signal);
      downloadCsv(filename, toCsv(rows, columns));
      setProgress({ kind: 'done', rows: rows.length });
    } catch (e) {
      setProgress({ kind: 'failed', rows: read, reason: e instanceof Error ? e.message : String(e) });
    } finally {
      abort.current = null;
    }
  };

  return (
    <span className="flex items-center gap-2" data-testid="csv-export">
      {progress.kind === 'reading' && (
        <span role="status" className="text-muted">
          Reading rows… {progress.rows}
          <button type="button" className="ml-2 hover:text-accent" onClick={() => abort.current?.abort()}>
            Stop
          </button>
        </span>
      )}
      {progress.kind === 'done' && (
        <span role="status" className="text-muted">
          Exported {progress.rows} {progress.rows === 1 ? 'row' : 'rows'}
        </span>
      )}
      {progress.kind === 'failed' && (
        <span role="alert" className="text-error">
          Export failed after {progress.rows} rows, no file saved: {progress.reason}
        </span>
      )}
      <Button onClick={() => void run()} disabled={disabled} busy={progress.kind === 'reading'} busyLabel="Exporting…">
        Export CSV
      </Button>
    </span>
  );
}
