import { describe, expect, it } from 'vitest';
import { sampleOrder } from '../../api/__fixtures__/spec-samples';
import type { Order } from '../../api/schemas';
import { orderEventToast } from './order-events';

const o = (x: Partial<Order>): Order => ({ ...(sampleOrder as Order), cl_ord_id: 'c1', side: 'buy', qty: '0.01', symbol: 'BTC-USD', ...x });

describe('order toasts', () => {
  it('announces a fill with its average price', () => {
    const t = orderEventToast(o({ status: 'open' }), o({ status: 'filled', fill_qty: '0.01', fill_avg_price: '95000' }));
    expect(t).toMatchObject({ kind: 'success', title: 'Filled: Buy 0.01 BTC-USD', body: 'Average price 95000', key: 'order-c1' });
  });

  it('announces a partial fill with how much is done', () => {
    const t = orderEventToast(o({ status: 'open', fill_qty: '0' }), o({ status: 'open', fill_qty: '0.004', fill_avg_price: '95000' }));
    expect(t).toMatchObject({ title: 'Partially filled: Buy 0.01 BTC-USD', body: '0.004 of 0.01 at 95000' });
  });

  it('announces a market order that filled before we ever saw it open', () => {
    expect(orderEventToast(undefined, o({ status: 'filled', fill_qty: '0.01' }))?.title).toBe('Filled: Buy 0.01 BTC-USD');
  });

  it('announces cancels and rejections with the service remark', () => {
    expect(orderEventToast(o({ status: 'open' }), o({ status: 'canceled', remark: 'oco: sibling triggered' }))).toMatchObject({ kind: 'info', body: 'oco: sibling triggered' });
    expect(orderEventToast(o({ status: 'new' }), o({ status: 'rejected', remark: 'alo order rejected' }))).toMatchObject({ kind: 'error', body: 'alo order rejected' });
  });

  it('warns about liquidations', () => {
    const t = orderEventToast(undefined, o({ source: 'liquidation', side: 'sell', status: 'filled', fill_qty: '0.01', fill_avg_price: '90000' }));
    expect(t).toMatchObject({ kind: 'warn', title: 'Liquidation: Sell 0.01 BTC-USD', body: 'Filled 0.01 at 90000' });
  });

  it('stays quiet when nothing the trader cares about changed', () => {
    expect(orderEventToast(o({ status: 'open' }), o({ status: 'open' }))).toBeNull();
    expect(orderEventToast(undefined, o({ status: 'new' }))).toBeNull();
  });
});
