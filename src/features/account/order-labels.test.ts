import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { sampleOrder } from '../../api/__fixtures__/spec-samples';
import type { Order } from '../../api/schemas';
import { orderKind as kindOf, orderWhat, priceLabel, sizeLabel, statusLabel as statusOf, tifLabel, yesNo } from './order-labels';

const orderKind = (o: Order) => i18n._(kindOf(o));
const statusLabel = (o: Order) => i18n._(statusOf(o));

const order = (over: Partial<Order>): Order => ({ ...(sampleOrder as Order), ...over });

describe('order labels', () => {
  it('names the request that set a position TP/SL for what it is, not a filled market order of 0', () => {
    const request = order({ source: 'user', order_type: 'market', qty: '0', reduce_only: true, status: 'filled' });
    expect(orderKind(request)).toBe('Position TP/SL');
    expect(statusLabel(request)).toBe('Set');
    expect(sizeLabel(i18n, request.qty, '0.000')).toBe('Whole position');
  });

  it('keeps the usual words for everything else', () => {
    expect(orderKind(order({ source: 'user', order_type: 'market', qty: '0.5', reduce_only: true }))).toBe('Market');
    expect(orderKind(order({ source: 'sl', qty: '0' }))).toBe('Stop loss');
    expect(statusLabel(order({ source: 'user', qty: '0.5', status: 'filled' }))).toBe('Filled');
    expect(sizeLabel(i18n, '0.5', '0.500')).toBe('0.500');
  });

  it('a TP/SL that fired and still closes says so, with its trigger labelled as a trigger', () => {
    const waiting = order({ source: 'sl', order_type: 'market', reduce_only: true, qty: '1', status: 'open', fill_qty: '0.3' });
    expect(statusLabel(waiting)).toBe('Triggered — waiting for a price within the protection band');
    expect(statusLabel({ ...waiting, status: 'new' })).toBe('Triggered — closing');
    expect(priceLabel(i18n, waiting, '94,000.00')).toBe('Trigger 94,000.00');
    expect(statusLabel({ ...waiting, status: 'untriggered' })).toBe('Waiting for trigger');
    expect(priceLabel(i18n, { ...waiting, status: 'untriggered' }, '94,000.00')).toBe('94,000.00');
    expect(priceLabel(i18n, order({ source: 'user', order_type: 'market', status: 'new' }), '94,000.00')).toBe('Market');
  });

  it('names the order a detail button opens, the time in force and reduce-only as before', () => {
    expect(i18n._(orderWhat(order({ side: 'buy', source: 'user', order_type: 'limit', qty: '0.5', reduce_only: false })))).toBe('buy limit');
    expect(i18n._(orderWhat(order({ side: 'sell', source: 'sl', qty: '0' })))).toBe('sell stop loss');
    expect([tifLabel(i18n, 'gtc'), tifLabel(i18n, 'ioc'), tifLabel(i18n, 'alo')]).toEqual(['GTC', 'IOC', 'Post only']);
    expect([yesNo(i18n, true), yesNo(i18n, false)]).toEqual(['Yes', 'No']);
  });
});
