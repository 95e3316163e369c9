// A synthetic account history for the Portfolio benchmarks (bench/portfolio-figures.ts, figure 8):
// `trades` fills over four markets and `funding` payments both ways, spread evenly over `spanMs`
// up to `now`, with exact decimal strings as the service sends them. Deterministic (a fixed LCG).
import type { FundingTransaction, Trade } from '../../src/api/schemas';
import { dec } from '../../src/lib/decimal';

const SYMBOLS = [
  { symbol: 'BTC-USD', price: 60_000, qd: 3 },
  { symbol: 'ETH-USD', price: 3_000, qd: 2 },
  { symbol: 'SOL-USD', price: 150, qd: 1 },
  { symbol: 'DOGE-USD', price: 0.2, qd: 0 },
];

export interface SyntheticOptions {
  trades: number;
  funding: number;
  now: number;
  spanMs?: number;
  user?: string;
  /** Ids are firstId, firstId + 1, … (figure 8 puts them where the devnet's own ids are not). */
  firstId?: number;
}

export function syntheticHistory(o: SyntheticOptions): { trades: Trade[]; funding: FundingTransaction[] } {
  const span = o.spanMs ?? 90 * 86_400_000;
  const user = o.user ?? '0xabc';
  const first = o.firstId ?? 1;
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const iso = (ms: number) => new Date(ms).toISOString();
  const trades: Trade[] = [];
  for (let i = 0; i < o.trades; i++) {
    const s = SYMBOLS[i % SYMBOLS.length]!;
    const price = dec(s.price).times(0.9 + random() * 0.2).toDecimalPlaces(2);
    const qty = dec(Math.floor(random() * 1000) + 1).div(10 ** s.qd);
    const value = price.times(qty);
    const closing = random() < 0.5;
    const pnl = closing ? dec(random() - 0.5).times(value).div(7).toDecimalPlaces(18) : dec(0);
    const at = iso(o.now - span + Math.floor((i / o.trades) * span));
    trades.push({
      id: first + i, order_id: first + i, user, symbol: s.symbol, side: random() < 0.5 ? 'buy' : 'sell',
      price: price.toFixed(), qty: qty.toFixed(), value: value.toFixed(), fee_asset: 'DUSD',
      fee_qty: value.times('0.0005').toFixed(), pnl: pnl.toFixed(), created_at: at, updated_at: at,
    });
  }
  const funding: FundingTransaction[] = [];
  for (let i = 0; i < o.funding; i++) {
    const at = iso(o.now - span + Math.floor((i / o.funding) * span));
    funding.push({
      id: first + i, user, asset: 'DUSD', symbol: SYMBOLS[i % SYMBOLS.length]!.symbol,
      qty: dec(random() - 0.5).times(20).toDecimalPlaces(18).toFixed(), txn_type: 'funding_fee',
      transact_time: at, created_at: at, updated_at: at,
    });
  }
  return { trades, funding };
}
