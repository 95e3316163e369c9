import { describe, expect, it } from 'vitest';
import { FIGURES_CSV_KEYS, figuresCsv, HISTORY_CSV_KEYS, historyCsv } from './portfolio-csv';
import { summarizePortfolio } from './portfolio-summary';
import { handHistory, inputOf } from './testing/history-builders';

const words = { header: (k: string) => k.toUpperCase(), kind: (k: string) => `<${k}>` };

function parse(csv: string): Record<string, string>[] {
  const [head, ...rows] = csv.trimEnd().split('\r\n').map((l) => l.split(','));
  return rows.map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i] ?? ''])));
}

describe('CSV of the whole history', () => {
  it('one row per fill and funding payment in time order, with the split and the running PnL', () => {
    const h = handHistory();
    const csv = historyCsv(inputOf(h.trades, h.funding), words);
    expect(csv.split('\r\n')[0]).toBe(HISTORY_CSV_KEYS.map((k) => k.toUpperCase()).join(','));
    const rows = parse(csv);
    expect(rows.map((r) => r.KIND)).toEqual(['<fill>', '<fill>', '<fill>', '<fill>', '<funding>', '<funding>', '<fill>', '<fill>', '<fill>']);
    // the flip: sell 3 closes 1.5, opens 1.5, leaves −1.5; cumulative −0.05 − 0.055 + 7.47 − 7.65 = −0.285
    expect(rows[3]).toMatchObject({ SIDE: 'sell', QTY: '3', CLOSED_QTY: '1.5', OPENED_QTY: '1.5', POSITION_AFTER: '-1.5', CLOSING: 'true', PNL_CHANGE: '-7.65', CUMULATIVE_PNL: '-0.285' });
    // funding paid: −0.2 → −0.485
    expect(rows[4]).toMatchObject({ FUNDING: '-0.2', PNL_CHANGE: '-0.2', CUMULATIVE_PNL: '-0.485', SIDE: '' });
    // BNB fee not in the change: the ETH close adds 10 → −5.135
    expect(rows[8]).toMatchObject({ FEE: '0.009', FEE_ASSET: 'BNB', PNL_CHANGE: '10', CUMULATIVE_PNL: '-5.135' });
  });
});

describe('CSV of the figures', () => {
  it('a totals row, then one per market', () => {
    const h = handHistory();
    const input = inputOf(h.trades, h.funding);
    const w = summarizePortfolio(input).windows.all;
    const rows = parse(figuresCsv(w.totals, '0', w.markets, words));
    expect(Object.keys(rows[0]!)).toEqual(FIGURES_CSV_KEYS.map((k) => k.toUpperCase()));
    expect(rows.map((r) => [r.SCOPE, r.SYMBOL, r.NET_PNL, r.WIN_RATE])).toEqual([
      ['<total>', '', '-5.135', '0.5'],
      ['<market>', 'BTC-USD', '-15.135', '0.333333'],
      ['<market>', 'ETH-USD', '10', '1'],
    ]);
    expect(rows[0]).toMatchObject({ OTHER_FEES: '0.019 BNB', MAX_DRAWDOWN: '22.5', LARGEST_LOSS: '-15' });
  });
});
