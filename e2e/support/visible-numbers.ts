import type { APIRequestContext, Page } from '@playwright/test';
import { BASE } from './ports';

/** A number as a trader reads it on screen, with the unit written after it, if any. */
export interface ShownNumber {
  /** Where it was read: the region's name. */
  region: string;
  /** The text it stood in (an element's own text), for the failure message. */
  text: string;
  number: string;
  decimals: number;
  unit: string;
}

/** How many decimals a number may show: by the unit after it, else the default. */
export interface Precision {
  units: Record<string, number>;
  default: number;
}

/**
 * The precision of a market's amounts, from query_symbol_info: prices and unit-less numbers at
 * most max(price, qty) places, sizes (its base asset) at the qty places, USD / DUSD amounts at 2
 * (the app's one rule for the quote asset, whatever its ledger precision), percentages at 4 (a
 * funding rate's; PnL and ROE use 2).
 */
export async function precisionOf(request: APIRequestContext, symbols: readonly string[]): Promise<Precision> {
  const all = (await (await request.get(`${BASE}/api/query_symbol_info`)).json()) as {
    symbol: string;
    base_asset: string;
    price_tick_decimals: number;
    qty_tick_decimals: number;
  }[];
  const units: Record<string, number> = { USD: 2, DUSD: 2, '%': 4 };
  let max = 2;
  for (const s of all.filter((i) => symbols.includes(i.symbol))) {
    units[s.base_asset] = s.qty_tick_decimals;
    max = Math.max(max, s.price_tick_decimals, s.qty_tick_decimals);
  }
  return { units, default: max };
}

/**
 * Every number in the visible text of the regions (name → CSS selector): each element's own text
 * (its text nodes joined, so "0.100 ETH" written as two nodes reads as one), skipping what is not
 * rendered or sits outside the viewport's layout (display: none, zero size). Times (12:30:05) and
 * dates are read as numbers without decimals, so they never trip the check.
 */
export async function visibleNumbers(page: Page, regions: Record<string, string>): Promise<ShownNumber[]> {
  return page.evaluate((regions) => {
    const found: ShownNumber[] = [];
    const NUMBER = /(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\w.])\s*(%|[A-Z]{2,5}\b)?/g;
    for (const [region, selector] of Object.entries(regions)) {
      for (const root of document.querySelectorAll<HTMLElement>(selector)) {
        for (const el of [root, ...root.querySelectorAll<HTMLElement>('*')]) {
          if (el.closest('input, textarea, select, script, style')) continue;
          const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('');
          if (!/\d/.test(own)) continue;
          const box = el.getBoundingClientRect();
          if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
          for (const m of own.matchAll(NUMBER)) {
            found.push({ region, text: own.trim(), number: m[0].trim(), decimals: m[2]?.length ?? 0, unit: m[3] ?? '' });
          }
        }
      }
    }
    return found;
  }, regions);
}

/** The numbers showing more decimals than their precision allows, as readable lines. */
export function tooPrecise(numbers: readonly ShownNumber[], precision: Precision): string[] {
  return numbers
    .filter((n) => n.decimals > (precision.units[n.unit] ?? precision.default))
    .map((n) => `${n.region}: "${n.number}" has ${n.decimals} decimals (at most ${precision.units[n.unit] ?? precision.default}) in "${n.text}"`);
}
