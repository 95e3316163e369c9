/**
 * Price alerts as data and their one rule. An alert is set on the side the price is not on yet ("above
 * 100,000" while the mark is under it), so reaching its level means the price crossed it — whether
 * ticks arrived one by one, jumped past it in a gap, or came in after a reload. It fires once: a fired
 * alert is never armed again (the trader sets a new one).
 */
import { dec, type Dec } from './decimal';

export type AlertSource = 'mark' | 'last';
export type AlertDirection = 'above' | 'below';

export interface PriceAlert {
  id: string;
  symbol: string;
  source: AlertSource;
  direction: AlertDirection;
  /** The level, a decimal string at the symbol's price places. */
  price: string;
  createdAt: number;
  /** When it fired (ms), and at what price; absent while armed. */
  firedAt?: number;
  firedPrice?: string;
}

/** The direction an alert at `level` takes from where the price is `now`: above it, or below it. */
export function directionFrom(level: Dec, now: Dec): AlertDirection {
  return level.gt(now) ? 'above' : 'below';
}

/** Whether an armed alert fires at `price`: the level reached on its side (exactly at it counts). */
export function reaches(alert: Pick<PriceAlert, 'direction' | 'price' | 'firedAt'>, price: Dec): boolean {
  if (alert.firedAt !== undefined) return false;
  const level = dec(alert.price);
  return alert.direction === 'above' ? price.gte(level) : price.lte(level);
}

/** The alerts that fire at this price of `symbol`'s `source`, each once, with the time and price they fired at. */
export function fireAt(alerts: readonly PriceAlert[], symbol: string, source: AlertSource, price: Dec, now: number): PriceAlert[] {
  return alerts.filter((a) => a.symbol === symbol && a.source === source && reaches(a, price)).map((a) => ({ ...a, firedAt: now, firedPrice: price.toFixed() }));
}
