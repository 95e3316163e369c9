import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { downloadCsv } from '../../lib/csv';
import { FIGURES_CSV_KEYS, HISTORY_CSV_KEYS, type CsvRowKind } from '../../lib/portfolio/portfolio-csv';
import type { PnlWindow, PortfolioInput } from '../../lib/portfolio/portfolio-input';
import type { CsvWordMaps } from '../../lib/portfolio/worker-protocol';
import { Button } from '../../ui/button';
import type { PortfolioWorkerClient } from './portfolio-worker-client';

/*
 * The export is a data file, not a screen (as the account's exports, csv-columns.ts): column names
 * and row kinds are the same in every language, so a spreadsheet or script built on it keeps working.
 */
const KINDS: Record<CsvRowKind, string> = { fill: 'fill', funding: 'funding', total: 'total', market: 'market' };
const asIs = <K extends string>(keys: readonly K[]): Record<K, string> => Object.fromEntries(keys.map((k): [K, string] => [k, k])) as Record<K, string>;
const HISTORY_WORDS: CsvWordMaps<(typeof HISTORY_CSV_KEYS)[number]> = { headers: asIs(HISTORY_CSV_KEYS), kinds: KINDS };
const FIGURES_WORDS: CsvWordMaps<(typeof FIGURES_CSV_KEYS)[number]> = { headers: asIs(FIGURES_CSV_KEYS), kinds: KINDS };

type Outcome = { kind: 'idle' } | { kind: 'busy'; what: 'history' | 'figures' } | { kind: 'failed' };

/** CSV of the whole history read (every fill and funding payment) and of the period's figures, written off the main thread. */
export function PortfolioExport({ client, input, window, account, complete }: { client: PortfolioWorkerClient | null; input: PortfolioInput | null; window: PnlWindow; account: string; complete: boolean }) {
  const { t } = useLingui();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const run = async (what: 'history' | 'figures') => {
    if (!client || !input) return;
    setOutcome({ kind: 'busy', what });
    const answer = what === 'history' ? await client.historyCsv(input, HISTORY_WORDS) : await client.figuresCsv(input, window, FIGURES_WORDS);
    if (answer.status === 'done') {
      downloadCsv(what === 'history' ? `history-${account}.csv` : `figures-${window}-${account}.csv`, answer.value);
      setOutcome({ kind: 'idle' });
    } else if (answer.status === 'failed') setOutcome({ kind: 'failed' });
    else setOutcome({ kind: 'idle' });
  };
  const disabled = !client || !input || !complete;
  return (
    <div className="flex items-center gap-2" data-testid="portfolio-export">
      {outcome.kind === 'failed' && (
        <span role="alert" className="text-error">
          <Trans>The file could not be written. Nothing was saved.</Trans>
        </span>
      )}
      {!complete && <span className="text-muted">{t`Export once the whole history is read`}</span>}
      <Button onClick={() => void run('history')} disabled={disabled} busy={outcome.kind === 'busy' && outcome.what === 'history'} busyLabel={t`Writing…`}>
        <Trans>History CSV</Trans>
      </Button>
      <Button onClick={() => void run('figures')} disabled={disabled} busy={outcome.kind === 'busy' && outcome.what === 'figures'} busyLabel={t`Writing…`}>
        <Trans>Figures CSV</Trans>
      </Button>
    </div>
  );
}
