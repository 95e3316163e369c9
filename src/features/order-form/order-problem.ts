import type { Side } from '../../api/schemas';
import type { OrderRuleProblem } from '../../lib/order-rules';
import type { TypedDecimal } from '../../lib/parse-decimal-input';

/** Where a problem is shown: next to its field, under the book's estimate (`fill`), or above the send button (`form`). */
export type OrderField = 'price' | 'size' | 'tp' | 'sl' | 'leverage' | 'slippage' | 'fill' | 'form';

/**
 * Why the order form refuses an order, as data (the words are order-problem-words.ts's): the shared
 * order rules (lib/order-rules.ts) and the form's own checks.
 */
export type OrderProblemCode =
  | OrderRuleProblem
  | { code: 'leverage-range'; max: number }
  /** A market order is valued at the mark, which has not arrived. */
  | { code: 'no-mark' }
  | { code: 'slippage-empty' }
  | { code: 'slippage-unreadable'; read: Extract<TypedDecimal, { ok: false }> }
  | { code: 'slippage-not-positive' }
  /** A size in USD needs a price to become a quantity. */
  | { code: 'price-first-for-usd' }
  /** A market order is checked against the book, which has not arrived. */
  | { code: 'no-book' }
  /** The book fills only `filled` of `size` within `pct` % of the mark (up to `limit`). */
  | { code: 'book-short'; filled: string; size: string; base: string; pct: string; limit: string }
  | { code: 'tpsl-on-reduce-only' }
  /** A take profit at or beyond the order's price `at` on the losing side. */
  | { code: 'tp-wrong-side'; side: Side; at: string }
  | { code: 'sl-wrong-side'; side: Side; at: string }
  | { code: 'tpsl-empty' };

export type OrderProblem = OrderProblemCode & { field: OrderField };

/** Problems that say "you have not typed this yet": shown only after a send was attempted. */
export function asksToType(p: OrderProblemCode): boolean {
  switch (p.code) {
    case 'amount-empty':
    case 'slippage-empty':
    case 'price-first-for-usd':
    case 'tpsl-empty':
      return true;
    case 'amount-unreadable':
      return p.read.problem === 'empty';
    default:
      return false;
  }
}

/** The first problem of each field: what the form shows next to it. */
export function problemsByField(problems: readonly OrderProblem[]): Partial<Record<OrderField, OrderProblem>> {
  const byField: Partial<Record<OrderField, OrderProblem>> = {};
  for (const p of problems) byField[p.field] ??= p;
  return byField;
}
