/**
 * The order form's way from Buy / Sell to a sent order: `next(state, event)` is pure; the form
 * sends exactly when a submit leads to 'sending', and says how it went with 'sent'.
 *
 * An order that changes the open position's leverage waits for the trader to confirm the change
 * ('leverage'); a market order waits for a yes when the settings ask for one ('market'). A confirmed
 * submit skips both questions.
 */
export type ConfirmState = 'editing' | 'leverage' | 'market' | 'sending';

export type ConfirmEvent =
  /**
   * Buy / Sell pressed (`confirmed`: Confirm in a question). `ready`: the order is valid and nothing
   * is being sent; `changesLeverage`: it re-leverages an open position; `asksMarket`: a market order
   * with "confirm market orders" on.
   */
  | { type: 'submit'; confirmed: boolean; ready: boolean; changesLeverage: boolean; asksMarket: boolean }
  /** Cancel in a question. */
  | { type: 'cancel' }
  /** The leverage box changed: a new leverage is a new question, asked again on the next submit. */
  | { type: 'leverage-edited' }
  /** Limit / Market switched: a market order's question goes. */
  | { type: 'order-type-changed' }
  /** Esc: a market order's question goes. */
  | { type: 'clear' }
  /** The send is over (accepted or not). */
  | { type: 'sent' };

export const initialConfirm: ConfirmState = 'editing';

export function next(state: ConfirmState, event: ConfirmEvent): ConfirmState {
  switch (event.type) {
    case 'submit':
      if (!event.ready) return state;
      if (event.changesLeverage && !event.confirmed) return 'leverage';
      if (event.asksMarket && !event.confirmed) return 'market';
      return 'sending';
    case 'cancel':
      return state === 'leverage' || state === 'market' ? 'editing' : state;
    case 'leverage-edited':
      return state === 'leverage' ? 'editing' : state;
    case 'order-type-changed':
    case 'clear':
      return state === 'market' ? 'editing' : state;
    case 'sent':
      return state === 'sending' ? 'editing' : state;
  }
}
