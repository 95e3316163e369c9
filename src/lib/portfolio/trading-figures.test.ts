import { describe, expect, it } from 'vitest';
import { fromUnits } from './exact-amount';
import { buildLedger, isClosingFill } from './ledger';
import { windowSpan } from './pnl-curve';
import { windowFigures } from './portfolio-summary';
import { handHistory, inputOf, MIN, T0 } from './testing/history-builders';

const m = (k: number) => T0 + k * MIN;

function figuresOf(unrealizedPnl = '0', openPositions: { symbol: string; qty: string; upnl: string }[] = []) {
  const h = handHistory();
  const input = inputOf(h.trades, h.funding, { unrealizedPnl, openPositions });
  const ledger = buildLedger(input);
  return { ledger, ...windowFigures(ledger, windowSpan(ledger, 'all', input.now), 0n, openPositions) };
}

describe('figures of a hand-checked history (testing/history-builders.ts handHistory)', () => {
  it('splits every fill into its closing and opening parts', () => {
    const { ledger } = figuresOf();
    const fills = ledger.events.filter((e) => e.kind === 'fill');
    const q = (v: bigint) => fromUnits(v, ledger.qtyScale);
    expect(fills.map((e) => [q(e.split.closed), q(e.split.opened), q(e.split.after)])).toEqual([
      ['0', '1', '1'], // buy 1: opens
      ['0', '1', '2'], // buy 1: adds
      ['0.5', '0', '1.5'], // sell 0.5: partial close
      ['1.5', '1.5', '-1.5'], // sell 3: closes 1.5, opens 1.5 short
      ['1.5', '0', '0'], // liquidation buy 1.5: closes the short
      ['0', '2', '-2'], // ETH sell 2: opens short
      ['2', '0', '0'], // ETH buy 2: closes
    ]);
    expect(fills.map(isClosingFill)).toEqual([false, false, true, true, true, false, true]);
    expect(ledger.unexplainedPnlFills).toBe(0);
  });

  it('adds up realized PnL, fees by asset, funding both ways, volume and trades', () => {
    const { totals } = figuresOf();
    // realized: 7.5 − 7.5 − 15 + 10 = −5
    expect(totals.realizedPnl).toBe('-5');
    // DUSD fees: 0.05 + 0.055 + 0.03 + 0.15 + 0 = 0.285; BNB fees 0.01 + 0.009 = 0.019, apart
    expect(totals.fees).toBe('0.285');
    expect(totals.otherFees).toEqual([{ asset: 'BNB', paid: '0.019' }]);
    // funding: paid 0.2, received 0.35, net 0.15
    expect([totals.fundingPaid, totals.fundingReceived, totals.fundingNet]).toEqual(['0.2', '0.35', '0.15']);
    // net: −5 − 0.285 + 0.15 = −5.135 (the BNB fees not subtracted)
    expect(totals.netPnl).toBe('-5.135');
    // volume: 100 + 110 + 60 + 300 + 165 + 100 + 90 = 925
    expect(totals.volume).toBe('925');
    expect([totals.trades, totals.fundingPayments]).toEqual([7, 2]);
  });

  it('counts wins and losses per closing trade, the flip and the liquidation included', () => {
    const { totals } = figuresOf();
    // closing: +7.5 (partial), −7.5 (flip), −15 (liquidation), +10 (ETH) → 4 closing, 2 wins, 2 losses
    expect([totals.closingTrades, totals.wins, totals.losses]).toEqual([4, 2, 2]);
    expect(totals.winRate).toBe('0.5');
    // average win (7.5 + 10) / 2 = 8.75; average loss (−7.5 − 15) / 2 = −11.25
    expect(totals.averageWin).toBe('8.75');
    expect(totals.averageLoss).toBe('-11.25');
    expect(totals.largestWin).toEqual({ pnl: '10', tradeId: 7, symbol: 'ETH-USD', at: m(9) });
    expect(totals.largestLoss).toEqual({ pnl: '-15', tradeId: 5, symbol: 'BTC-USD', at: m(7) });
  });

  it('finds the max drawdown of the PnL curve and when it happened', () => {
    const { totals } = figuresOf();
    // curve: −0.05, −0.105, 7.365 (peak, min 3), −0.285, −0.485, −0.135, −15.135 (trough, min 7), −15.135, −5.135
    // drawdown 7.365 − (−15.135) = 22.5
    expect(totals.maxDrawdown).toEqual({ amount: '22.5', peakAt: m(3), troughAt: m(7) });
  });

  it('the unrealized PnL now is the curve\'s last point for the drawdown', () => {
    const h = handHistory();
    const input = inputOf(h.trades, h.funding);
    const ledger = buildLedger(input);
    const span = windowSpan(ledger, 'all', input.now);
    // −5.135 then −30 unrealized: −35.135, drawdown 7.365 + 35.135 = 42.5, at now
    const { totals } = windowFigures(ledger, span, -30n * 10n ** BigInt(ledger.scale), []);
    expect(totals.maxDrawdown).toEqual({ amount: '42.5', peakAt: m(3), troughAt: input.now });
  });

  it('gives the same figures per market', () => {
    const { markets } = figuresOf('-2', [{ symbol: 'SOL-USD', qty: '4', upnl: '-2' }]);
    const [btc, eth, sol] = markets;
    expect(markets.map((x) => x.symbol)).toEqual(['BTC-USD', 'ETH-USD', 'SOL-USD']);
    // BTC: realized 7.5 − 7.5 − 15 = −15; fees 0.285; funding 0.15; net −15 − 0.285 + 0.15 = −15.135
    expect([btc!.realizedPnl, btc!.fees, btc!.fundingNet, btc!.netPnl, btc!.volume]).toEqual(['-15', '0.285', '0.15', '-15.135', '735']);
    // 1 win of 3 closing: 1/3 to 6 places; average loss (−7.5 − 15) / 2
    expect([btc!.closingTrades, btc!.wins, btc!.losses, btc!.winRate, btc!.averageWin, btc!.averageLoss]).toEqual([3, 1, 2, '0.333333', '7.5', '-11.25']);
    expect(btc!.maxDrawdown.amount).toBe('22.5');
    // ETH: realized 10, no DUSD fee, BNB 0.019 apart, net 10; its curve never falls
    expect([eth!.realizedPnl, eth!.fees, eth!.netPnl, eth!.volume, eth!.winRate]).toEqual(['10', '0', '10', '190', '1']);
    expect(eth!.otherFees).toEqual([{ asset: 'BNB', paid: '0.019' }]);
    expect(eth!.maxDrawdown).toEqual({ amount: '0', peakAt: null, troughAt: null });
    // SOL: no history in the window, an open position: its unrealized PnL and drawdown (0 → −2)
    expect([sol!.trades, sol!.unrealizedPnl, sol!.maxDrawdown.amount, sol!.winRate]).toEqual([0, '-2', '2', null]);
  });
});
