import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { orderRuleWords } from '../../ui/order-rule-words';
import { typedDecimalWords } from '../../ui/typed-decimal-words';
import type { OrderProblemCode } from './order-problem';

/** An order form problem in the trader's words (the view renders them with `i18n._`). */
export function orderProblemWords(p: OrderProblemCode): MessageDescriptor {
  switch (p.code) {
    case 'leverage-range': {
      const max = p.max;
      return msg`Leverage must be a whole number from 1 to ${max}`;
    }
    case 'no-mark':
      return msg`No mark price yet: wait for market data`;
    case 'slippage-empty':
      return msg`Enter a slippage in %`;
    case 'slippage-unreadable':
      return typedDecimalWords(p.read);
    case 'slippage-not-positive':
      return msg`Slippage must be above 0 %`;
    case 'price-first-for-usd':
      return msg`Enter a price first to size in USD`;
    case 'no-book':
      return msg`No order book yet: wait for market data`;
    case 'book-short': {
      const { filled, size, base, pct, limit } = p;
      return msg`The book fills only ${filled} of ${size} ${base} within ${pct} % of the mark (up to ${limit}): lower the size or raise the slippage`;
    }
    case 'tpsl-on-reduce-only':
      return msg`TP/SL cannot be attached to a reduce-only order`;
    case 'tp-wrong-side': {
      const at = p.at;
      return p.side === 'buy' ? msg`Take profit must be above ${at} for a buy` : msg`Take profit must be below ${at} for a sell`;
    }
    case 'sl-wrong-side': {
      const at = p.at;
      return p.side === 'buy' ? msg`Stop loss must be below ${at} for a buy` : msg`Stop loss must be above ${at} for a sell`;
    }
    case 'tpsl-empty':
      return msg`Enter a take-profit or stop-loss price, or turn TP/SL off`;
    default:
      return orderRuleWords(p);
  }
}
