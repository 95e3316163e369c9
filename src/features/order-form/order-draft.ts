import type { OrderType, Side, TimeInForce } from '../../api/schemas';

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
