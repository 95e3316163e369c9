import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
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

  const rows = progress.kind === 'idle' ? 0 : progress.rows;
  // What the exchange (or the network) said when a page could not be read: shown as it came.
  const reason = progress.kind === 'failed' ? progress.reason : '';
  return (
    <span className="flex items-center gap-2" data-testid="csv-export">
      {progress.kind === 'reading' && (
        <span role="status" className="text-muted">
          {t`Reading rows… ${rows}`}
          <button type="button" className="ml-2 hover:text-accent" onClick={() => abort.current?.abort()}>
            <Trans>Stop</Trans>
          </button>
        </span>
      )}
      {progress.kind === 'done' && (
        <span role="status" className="text-muted">
          {t`${plural(rows, { one: 'Exported # row', other: 'Exported # rows' })}`}
        </span>
      )}
      {progress.kind === 'failed' && (
        <span role="alert" className="text-error">
          {t`Export failed after ${rows} rows, no file saved: ${reason}`}
        </span>
      )}
      <Button onClick={() => void run()} disabled={disabled} busy={progress.kind === 'reading'} busyLabel={t`Exporting…`}>
        <Trans>Export CSV</Trans>
      </Button>
    </span>
  );
}
