import type { OrderType, Side, TimeInForce } from '../../api/schemas';
import { parseTypedDecimal } from '../../lib/parse-decimal-input';

/** What the trader has typed into the order form, kept verbatim (a bad value stays on screen). */
export interface OrderDraft {
  side: Side;
  type: OrderType;
  /** Only for limit orders; market orders go as ioc. */
  tif: TimeInForce;
  price: string;
  size: string;
  sizeUnit: 'base' | 'quote';
  reduceOnly: boolean;
  tpsl: boolean;
  tp: string;
  sl: string;
}

export const emptyDraft: OrderDraft = {
  side: 'buy',
  type: 'limit',
  tif: 'gtc',
  price: '',
  size: '',
  sizeUnit: 'base',
  reduceOnly: false,
  tpsl: false,
  tp: '',
  sl: '',
};

/** Esc: clear what was typed, keep the side and the order type. */
export function clearedDraft(d: OrderDraft): OrderDraft {
  return { ...emptyDraft, side: d.side, type: d.type, tif: d.tif, sizeUnit: d.sizeUnit };
}

/**
 * The whole form as typed: the order, the slippage and leverage boxes (kept verbatim too), and
 * whether a send was attempted (before that, "Enter a …" errors stay quiet).
 */
export interface FormDraft extends OrderDraft {
  /** The slippage cap for market orders, in percent, as typed. */
  slippage: string;
  /** The leverage box while the trader edits it; null shows the position's leverage. */
  leverage: string | null;
  /**
   * The % button that chose the size, until the trader types one: the order is re-sized to that %
   * when it is sent, from the margin and the book as they are then (the size shown is as of the click).
   */
  sizePct: number | null;
  attempted: boolean;
}

export function initialFormDraft(a: { sizeUnit: OrderDraft['sizeUnit']; slippage: string }): FormDraft {
  return { ...emptyDraft, sizeUnit: a.sizeUnit, slippage: a.slippage, leverage: null, sizePct: null, attempted: false };
}

/** A price, size, side clicked elsewhere (the order book): src/stores/order-ticket.ts. */
export interface DraftIntent {
  price?: string;
  qty?: string;
  side?: OrderDraft['side'];
}

export type DraftAction =
  | { type: 'side'; side: OrderDraft['side'] }
  | { type: 'order-type'; orderType: OrderDraft['type'] }
  | { type: 'tif'; tif: OrderDraft['tif'] }
  | { type: 'text'; field: 'price' | 'size' | 'tp' | 'sl' | 'slippage' | 'leverage'; text: string }
  | { type: 'reduce-only'; on: boolean }
  | { type: 'tpsl'; on: boolean }
  /** The unit button: the other unit, and the size typed in the old one cleared. */
  | { type: 'switch-unit' }
  /** A % button: the size it computed (in the draft's unit), and the % it stays until sent. */
  | { type: 'sized'; size: string; pct: number }
  | { type: 'intent'; intent: DraftIntent }
  /** The settings panel changed the slippage or the default size unit. */
  | { type: 'settings'; slippage?: string; sizeUnit?: OrderDraft['sizeUnit'] }
  /** Esc. */
  | { type: 'clear' }
  | { type: 'attempted' }
  /** The order was accepted: size and TP/SL cleared, the rest kept for the next one. */
  | { type: 'sent' };

/** The slippage field's text already says this stored value ("1.50" and "1.5" do). */
function sameDecimal(text: string, stored: string): boolean {
  const r = parseTypedDecimal(text, { maxDecimals: 2 });
  return r.ok && r.value.eq(stored);
}

/** The form's next draft: pure, the same draft back when nothing changes. */
export function reduceDraft(d: FormDraft, a: DraftAction): FormDraft {
  switch (a.type) {
    case 'side':
      return d.side === a.side ? d : { ...d, side: a.side };
    case 'order-type':
      return d.type === a.orderType ? d : { ...d, type: a.orderType };
    case 'tif':
      return { ...d, tif: a.tif };
    case 'text':
      if (d[a.field] === a.text) return d;
      // A size typed is the trader's own: no longer a %.
      return a.field === 'size' ? { ...d, size: a.text, sizePct: null } : { ...d, [a.field]: a.text };
    case 'reduce-only':
      return { ...d, reduceOnly: a.on };
    case 'tpsl':
      return { ...d, tpsl: a.on };
    case 'switch-unit':
      return { ...d, sizeUnit: d.sizeUnit === 'base' ? 'quote' : 'base', size: '', sizePct: null };
    case 'sized':
      return d.size === a.size && d.sizePct === a.pct ? d : { ...d, size: a.size, sizePct: a.pct };
    case 'intent': {
      const i = a.intent;
      return {
        ...d,
        ...(i.price ? { price: i.price, type: 'limit' as const } : {}),
        ...(i.qty ? { size: i.qty, sizeUnit: 'base' as const, sizePct: null } : {}),
        ...(i.side ? { side: i.side } : {}),
      };
    }
    case 'settings': {
      let next = d;
      if (a.slippage !== undefined && !sameDecimal(d.slippage, a.slippage)) next = { ...next, slippage: a.slippage };
      // A size already typed keeps its unit.
      if (a.sizeUnit !== undefined && d.size === '') next = { ...next, sizeUnit: a.sizeUnit };
      return next;
    }
    case 'clear':
      return { ...d, ...clearedDraft(d), sizePct: null, attempted: false };
    case 'attempted':
      return d.attempted ? d : { ...d, attempted: true };
    case 'sent':
      return { ...d, size: '', sizePct: null, tp: '', sl: '', attempted: false };
  }
}
