// An order's status, by decisions.md "Order status": new, open, filled, canceled, rejected,
// untriggered, and nothing else (a partial fill stays open with fill_qty > 0; nothing expires).
// Live ones may still fill or change; final ones change no more. Said once, here: the order schema
// (api/schemas/primitives.ts) accepts exactly this list, so the two below cover every status it lets in.

/** Every order status the service uses. */
export const ORDER_STATUSES = ['new', 'open', 'filled', 'canceled', 'rejected', 'untriggered'] as const;

/** Whether an order is in a state that changes no more: filled, canceled or rejected. */
export const isFinalStatus = (status: string): boolean => status === 'filled' || status === 'canceled' || status === 'rejected';

/** Whether an order may still fill or change: new, open (a partial fill included) or an untriggered TP/SL. */
export const isLiveStatus = (status: string): boolean => status === 'new' || status === 'open' || status === 'untriggered';
