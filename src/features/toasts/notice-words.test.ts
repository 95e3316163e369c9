import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n/activate';
import { dec } from '../../lib/decimal';
import { marginWarningNotice, orderNews, withdrawalNotice, type NoticeOrder } from '../../lib/notices';
import { noticeWords } from './notice-words';

const o = (x: Partial<NoticeOrder>): NoticeOrder => ({ side: 'buy', qty: '0.01', symbol: 'BTC-USD', fill_qty: '0', fill_avg_price: '0', status: 'new', source: 'user', ...x });
const places = { price: 2, qty: 3 };
/** The toast's words for a push, in English (the tests' language). */
const words = (prev: NoticeOrder | undefined, next: NoticeOrder) => {
  const t = orderNews(prev, next, places).toast;
  return t && noticeWords(t.message, i18n);
};

describe('the words of an order push (the same for its toast and its notification)', () => {
  it('fills, full and partial', () => {
    expect(words(o({ status: 'open' }), o({ status: 'filled', fill_qty: '0.01', fill_avg_price: '3296.233431906614785992' }))).toEqual({
      title: 'Filled: Buy 0.010 BTC-USD',
      body: 'Average price 3,296.23',
    });
    expect(words(o({ status: 'open' }), o({ status: 'open', fill_qty: '0.004', fill_avg_price: '95000.123456' }))).toEqual({
      title: 'Partially filled: Buy 0.010 BTC-USD',
      body: '0.004 of 0.010 at 95,000.12',
    });
  });

  it('cancels and rejections, with the exchange remark as it came', () => {
    expect(words(o({ status: 'open', fill_qty: '0.004' }), o({ status: 'canceled', fill_qty: '0.004' }))).toEqual({ title: 'Canceled: Buy 0.010 BTC-USD' });
    expect(words(o({ status: 'new' }), o({ status: 'rejected', remark: 'alo order rejected' }))).toEqual({ title: 'Rejected: Buy 0.010 BTC-USD', body: 'alo order rejected' });
  });

  it('TP/SL triggers, fills and cancels, whole-position ones included', () => {
    const tp = { source: 'tp', side: 'sell' as const };
    expect(words(o({ ...tp, status: 'untriggered' }), o({ ...tp, status: 'new' }))).toEqual({ title: 'Take profit triggered: BTC-USD' });
    const sl = { source: 'sl', side: 'sell' as const };
    expect(words(o({ ...sl, status: 'untriggered' }), o({ ...sl, status: 'filled', fill_qty: '0.01', fill_avg_price: '90000' }))).toEqual({
      title: 'Stop loss triggered: BTC-USD',
      body: 'Stop loss (sell 0.010 BTC-USD) filled at 90,000.00',
    });
    const whole = { ...tp, qty: '0' };
    expect(words(o({ ...whole, status: 'untriggered' }), o({ ...whole, status: 'canceled', remark: 'oco: sibling triggered' }))).toEqual({
      title: 'Take profit canceled: BTC-USD',
      body: 'oco: sibling triggered',
    });
    expect(words(o({ ...whole, source: 'sl', status: 'new' }), o({ ...whole, source: 'sl', status: 'rejected' }))?.title).toBe('Rejected: Stop loss (sell BTC-USD whole position)');
  });

  it('a liquidation', () => {
    expect(words(undefined, o({ source: 'liquidation', side: 'sell', status: 'filled', fill_qty: '0.01', fill_avg_price: '90000' }))).toEqual({
      title: 'Liquidation: Sell 0.010 BTC-USD',
      body: 'Filled 0.010 at 90,000.00',
    });
  });
});

describe('the words of the account and wallet notices', () => {
  it('liquidation near, withdrawal confirmed with the bridge note', () => {
    expect(noticeWords(marginWarningNotice(false, true, dec('0.8123'), '80')!.message, i18n)).toEqual({
      title: 'Margin ratio 81.2 %: past your 80 % warning',
      body: 'Liquidation is at 100 %: add margin or reduce your positions.',
    });
    expect(noticeWords(withdrawalNotice('Received 99.9 DUSD').message, i18n)).toEqual({ title: 'Withdrawal confirmed', body: 'Received 99.9 DUSD' });
    expect(noticeWords(withdrawalNotice().message, i18n)).toEqual({ title: 'Withdrawal confirmed' });
  });
});

describe('in Chinese', () => {
  afterEach(() => activateLocale('en'));

  it('the same notice reads in the other language, amounts and the exchange remark as they came', async () => {
    await activateLocale('zh-CN');
    const sl = { source: 'sl', side: 'sell' as const };
    const t = orderNews(o({ ...sl, status: 'untriggered' }), o({ ...sl, status: 'filled', fill_qty: '0.01', fill_avg_price: '90000' }), places).toast!;
    expect(noticeWords(t.message, i18n)).toEqual({ title: '止损已触发：BTC-USD', body: '止损（卖出 0.010 BTC-USD） 已成交，价格 90,000.00' });
    const rejected = orderNews(o({ status: 'new' }), o({ status: 'rejected', remark: 'alo order rejected' }), places).toast!;
    expect(noticeWords(rejected.message, i18n)).toEqual({ title: '已拒绝：买入 0.010 BTC-USD', body: 'alo order rejected' });
  });
});
