import type { APIRequestContext } from '@playwright/test';
import { dec, type Dec } from '../../src/lib/decimal';
import { BASE } from './ports';

/** The best bid (highest) or ask (lowest) of a symbol's book: the service does not sort levels. */
export async function bestBookPrice(request: APIRequestContext, symbol: string, side: 'bid' | 'ask'): Promise<Dec> {
  const book = (await (await request.get(`${BASE}/api/query_depth_book?symbol=${symbol}`)).json()) as Record<'bids' | 'asks', [string, string][]>;
  const levels = (side === 'bid' ? book.bids : book.asks).map(([p]) => dec(p));
  if (levels.length === 0) throw new Error(`${symbol} has no ${side}s`);
  return levels.reduce((a, b) => (side === 'bid' ? (b.gt(a) ? b : a) : b.lt(a) ? b : a));
}

/** `best × factor` as a whole price (every devnet symbol's tick divides 1), rounded down or up. */
export function wholePrice(best: Dec, factor: string, rounding: 'down' | 'up' = 'down'): string {
  const p = best.mul(factor);
  return (rounding === 'down' ? p.floor() : p.ceil()).toFixed(0);
}

/** A whole price as the tables show it: "93,072". */
export const shownWhole = (price: string) => BigInt(price).toLocaleString('en-US');
