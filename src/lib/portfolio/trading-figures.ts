// The figures of a set of PnL events (a window of the whole account, or one market): realized PnL, fees
// by asset, funding paid and received, volume, trades, wins and losses per closing trade, largest win
// and loss, max drawdown. Tallied in one pass in time order, returned as decimal strings.
import { D } from '../decimal';
import { DrawdownTracker, type DrawdownUnits } from './drawdown';
import { fromUnits } from './exact-amount';
import { isClosingFill, type LedgerEvent } from './ledger';

export interface Drawdown {
  /** ≥ 0, decimal string in the settlement asset. */
  amount: string;
  peakAt: number | null;
  troughAt: number | null;
}

/** One trade's result, for largest win / loss. */
export interface TradeResult {
  pnl: string;
  tradeId: number;
  symbol: string;
  at: number;
}

export interface FeesInAsset {
  asset: string;
  /** Σ fee_qty in that asset (positive = paid). */
  paid: string;
}

export interface TradingFigures {
  /** Σ pnl of the fills (the exchange's realized PnL on closing parts, before fees). */
  realizedPnl: string;
  /** Σ fee_qty of fills whose fee is in the settlement asset: subtracted from netPnl. */
  fees: string;
  /** Fees in any other asset, one row each, never subtracted from the settlement-asset PnL. */
  otherFees: FeesInAsset[];
  /** Σ |qty| of negative funding payments (≥ 0). */
  fundingPaid: string;
  /** Σ qty of positive funding payments (≥ 0). */
  fundingReceived: string;
  /** fundingReceived − fundingPaid. */
  fundingNet: string;
  /** netPnl = realizedPnl − fees + fundingNet: the curve's realized end. */
  netPnl: string;
  /** Σ value (notional) of the fills. */
  volume: string;
  trades: number;
  fundingPayments: number;
  /** Fills that closed some position (or had pnl ≠ 0). A flip counts once. */
  closingTrades: number;
  /** Closing trades with pnl > 0 / < 0 (pnl = 0 counts in closingTrades, in neither). */
  wins: number;
  losses: number;
  /** wins / closingTrades, a fraction 0…1 to 6 places; null with no closing trade. */
  winRate: string | null;
  /** Σ pnl of wins / wins; null with none. Before fees, like realizedPnl. */
  averageWin: string | null;
  /** Σ pnl of losses / losses (negative); null with none. */
  averageLoss: string | null;
  largestWin: TradeResult | null;
  largestLoss: TradeResult | null;
  /** Of the curve Σ(pnl − fees + funding) from 0 at the start, the unrealized point included. */
  maxDrawdown: Drawdown;
}

/** Averages and rates are the only divisions: decimal.js, 18 places (amounts) or 6 (a rate). */
function ratio(num: bigint, den: number, scale: number, places: number): string {
  return new D(num.toString()).div(new D(10).pow(scale)).div(den).toDecimalPlaces(places, D.ROUND_HALF_UP).toFixed();
}

export class FiguresTally {
  private realized = 0n;
  private fees = 0n;
  private readonly otherFees = new Map<string, bigint>();
  private fundingPaid = 0n;
  private fundingReceived = 0n;
  private volume = 0n;
  private trades = 0;
  private fundingPayments = 0;
  private closing = 0;
  private wins = 0;
  private losses = 0;
  private winSum = 0n;
  private lossSum = 0n;
  private bestWin: { pnl: bigint; e: LedgerEvent } | null = null;
  private worstLoss: { pnl: bigint; e: LedgerEvent } | null = null;
  private net = 0n;
  private readonly drawdown: DrawdownTracker;

  constructor(private readonly scale: number, startAt: number) {
    this.drawdown = new DrawdownTracker(startAt);
  }

  /**
   * One event in time order: net += change (drawdown seen); funding → paid (−) or received (+); a fill →
   * realized += pnl, volume += value, fees (by asset) += fee; a closing fill → a win (pnl > 0) or loss (< 0).
   */
  add(e: LedgerEvent): void {
    if (e.change !== 0n) {
      this.net += e.change;
      this.drawdown.see(e.at, this.net);
    }
    if (e.kind === 'funding') {
      this.fundingPayments++;
      if (e.change < 0n) this.fundingPaid -= e.change;
      else this.fundingReceived += e.change;
      return;
    }
    this.trades++;
    if (e.pnl !== 0n) this.realized += e.pnl;
    this.volume += e.value;
    if (e.feeCounted) {
      if (e.fee !== 0n) this.fees += e.fee;
    } else this.otherFees.set(e.feeAsset, (this.otherFees.get(e.feeAsset) ?? 0n) + e.fee);
    if (!isClosingFill(e)) return;
    this.closing++;
    if (e.pnl > 0n) {
      this.wins++;
      this.winSum += e.pnl;
      if (this.bestWin === null || e.pnl > this.bestWin.pnl) this.bestWin = { pnl: e.pnl, e };
    } else if (e.pnl < 0n) {
      this.losses++;
      this.lossSum += e.pnl;
      if (this.worstLoss === null || e.pnl < this.worstLoss.pnl) this.worstLoss = { pnl: e.pnl, e };
    }
  }

  /**
   * Adds another tally's sums and counts into this one (the totals are the markets' sum). Its drawdown
   * is not mergeable: finish the total with the whole curve's (see finish).
   */
  absorb(o: FiguresTally): void {
    this.realized += o.realized;
    this.fees += o.fees;
    for (const [asset, paid] of o.otherFees) this.otherFees.set(asset, (this.otherFees.get(asset) ?? 0n) + paid);
    this.fundingPaid += o.fundingPaid;
    this.fundingReceived += o.fundingReceived;
    this.volume += o.volume;
    this.trades += o.trades;
    this.fundingPayments += o.fundingPayments;
    this.closing += o.closing;
    this.wins += o.wins;
    this.losses += o.losses;
    this.winSum += o.winSum;
    this.lossSum += o.lossSum;
    const earlier = (a: { e: LedgerEvent } | null, b: { e: LedgerEvent }) => a === null || b.e.at < a.e.at || (b.e.at === a.e.at && b.e.id < a.e.id);
    // Of equal results the earliest, as one pass in time order would keep.
    if (o.bestWin !== null && (this.bestWin === null || o.bestWin.pnl > this.bestWin.pnl || (o.bestWin.pnl === this.bestWin.pnl && earlier(this.bestWin, o.bestWin)))) this.bestWin = o.bestWin;
    if (o.worstLoss !== null && (this.worstLoss === null || o.worstLoss.pnl < this.worstLoss.pnl || (o.worstLoss.pnl === this.worstLoss.pnl && earlier(this.worstLoss, o.worstLoss)))) this.worstLoss = o.worstLoss;
    this.net += o.net;
  }

  /**
   * The figures; `unrealized` (units, at a time) is the curve's last point for the drawdown, or
   * `drawdown` is the whole curve's, computed elsewhere (a merged tally has none of its own).
   */
  finish(unrealized?: { at: number; units: bigint }, drawdown?: DrawdownUnits): TradingFigures {
    const s = this.scale;
    if (unrealized !== undefined && unrealized.units !== 0n) this.drawdown.see(unrealized.at, this.net + unrealized.units);
    const dd = drawdown ?? this.drawdown.result();
    const result = (r: { pnl: bigint; e: LedgerEvent } | null): TradeResult | null =>
      r === null ? null : { pnl: fromUnits(r.pnl, s), tradeId: r.e.id, symbol: r.e.symbol, at: r.e.at };
    return {
      realizedPnl: fromUnits(this.realized, s),
      fees: fromUnits(this.fees, s),
      otherFees: [...this.otherFees].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([asset, paid]) => ({ asset, paid: fromUnits(paid, s) })),
      fundingPaid: fromUnits(this.fundingPaid, s),
      fundingReceived: fromUnits(this.fundingReceived, s),
      fundingNet: fromUnits(this.fundingReceived - this.fundingPaid, s),
      netPnl: fromUnits(this.net, s),
      volume: fromUnits(this.volume, s),
      trades: this.trades,
      fundingPayments: this.fundingPayments,
      closingTrades: this.closing,
      wins: this.wins,
      losses: this.losses,
      winRate: this.closing === 0 ? null : ratio(BigInt(this.wins) * 10n ** BigInt(s), this.closing, s, 6),
      averageWin: this.wins === 0 ? null : ratio(this.winSum, this.wins, s, 18),
      averageLoss: this.losses === 0 ? null : ratio(this.lossSum, this.losses, s, 18),
      largestWin: result(this.bestWin),
      largestLoss: result(this.worstLoss),
      maxDrawdown: { amount: fromUnits(dd.amount, s), peakAt: dd.peakAt, troughAt: dd.troughAt },
    };
  }
}
