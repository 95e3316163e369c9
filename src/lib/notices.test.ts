import { describe, expect, it } from 'vitest';
import { healthNotice, noticeChannels, orderNews, withdrawalNotice, type NoticeOrder, type NoticeSettings } from './notices';

const o = (x: Partial<NoticeOrder>): NoticeOrder => ({ side: 'buy', qty: '0.01', symbol: 'BTC-USD', fill_qty: '0', fill_avg_price: '0', status: 'new', source: 'user', ...x });
const settings = (x: Partial<NoticeSettings> = {}): NoticeSettings => ({ sounds: false, browserNotifications: false, notify: { fills: true, tpsl: true, liquidation: true, withdrawal: true }, ...x });

const places = { price: 2, qty: 3 };
const news = (prev: NoticeOrder | undefined, next: NoticeOrder) => orderNews(prev, next, places);

describe('what an order push tells the trader (one wording for toast and notice)', () => {
  it('a fill with its average price at the symbol\'s places, as the toast and as the notice', () => {
    const n = news(o({ status: 'open' }), o({ status: 'filled', fill_qty: '0.01', fill_avg_price: '3296.233431906614785992' }));
    expect(n.toast).toEqual({ kind: 'success', rank: 2, title: 'Filled: Buy 0.010 BTC-USD', body: 'Average price 3,296.23' });
    expect(n.notice).toEqual({ kinds: ['fills'], title: 'Filled: Buy 0.010 BTC-USD', body: 'Average price 3,296.23' });
  });

  it('a partial fill says how much is done; a market order filled before it was seen open is a fill', () => {
    expect(news(o({ status: 'open' }), o({ status: 'open', fill_qty: '0.004', fill_avg_price: '95000.123456' })).toast).toMatchObject({
      title: 'Partially filled: Buy 0.010 BTC-USD',
      body: '0.004 of 0.010 at 95,000.12',
    });
    expect(news(undefined, o({ status: 'filled', fill_qty: '0.01' })).notice?.kinds).toEqual(['fills']);
  });

  it('nothing for a new, resting or repeated push', () => {
    expect(news(undefined, o({ status: 'new' }))).toEqual({ toast: null, notice: null });
    expect(news(o({ status: 'new' }), o({ status: 'open' }))).toEqual({ toast: null, notice: null });
    expect(news(o({ status: 'filled', fill_qty: '0.01' }), o({ status: 'filled', fill_qty: '0.01' }))).toEqual({ toast: null, notice: null });
  });

  it('cancels and rejections toast with the service remark, and notify nothing', () => {
    expect(news(o({ status: 'open', fill_qty: '0.004' }), o({ status: 'canceled', fill_qty: '0.004' }))).toEqual({
      toast: { kind: 'info', rank: 2, title: 'Canceled: Buy 0.010 BTC-USD' },
      notice: null,
    });
    expect(news(o({ status: 'new' }), o({ status: 'rejected', remark: 'alo order rejected' })).toast).toMatchObject({ kind: 'error', title: 'Rejected: Buy 0.010 BTC-USD', body: 'alo order rejected' });
  });

  it('a TP/SL child leaving untriggered is a trigger; one that fills at once is a fill too', () => {
    const tp = { source: 'tp', side: 'sell' as const };
    expect(news(o({ ...tp, status: 'untriggered' }), o({ ...tp, status: 'new' })).notice).toEqual({ kinds: ['tpsl'], title: 'Take profit triggered: BTC-USD' });
    const sl = { source: 'sl', side: 'sell' as const };
    const fired = news(o({ ...sl, status: 'untriggered' }), o({ ...sl, status: 'filled', fill_qty: '0.01', fill_avg_price: '90000' }));
    expect(fired.notice).toEqual({ kinds: ['tpsl', 'fills'], title: 'Stop loss triggered: BTC-USD', body: 'Stop loss (sell 0.010 BTC-USD) filled at 90,000.00' });
    expect(fired.toast).toMatchObject({ kind: 'success', title: 'Stop loss triggered: BTC-USD' });
    // created untriggered: no trigger
    expect(news(undefined, o({ ...tp, status: 'untriggered' }))).toEqual({ toast: null, notice: null });
    // the fill after an announced trigger is a fill
    expect(news(o({ ...tp, status: 'new' }), o({ ...tp, status: 'filled', fill_qty: '0.01' })).notice?.kinds).toEqual(['fills']);
  });

  it('a TP/SL the exchange canceled (its partner fired, the position closed) says it was the TP/SL, whole-position ones included', () => {
    const tp = { source: 'tp', side: 'sell' as const, qty: '0' };
    expect(news(o({ ...tp, status: 'untriggered' }), o({ ...tp, status: 'canceled', remark: 'oco: sibling triggered' }))).toEqual({
      toast: { kind: 'info', rank: 2, title: 'Take profit canceled: BTC-USD', body: 'oco: sibling triggered' },
      notice: null,
    });
    expect(news(o({ ...tp, source: 'sl', status: 'new' }), o({ ...tp, source: 'sl', status: 'rejected' })).toast?.title).toBe('Rejected: Stop loss (sell BTC-USD whole position)');
  });

  it('a liquidation order is a liquidation warning', () => {
    const n = news(undefined, o({ source: 'liquidation', side: 'sell', status: 'filled', fill_qty: '0.01', fill_avg_price: '90000' }));
    expect(n.notice).toEqual({ kinds: ['liquidation'], title: 'Liquidation: Sell 0.010 BTC-USD', body: 'Filled 0.010 at 90,000.00' });
    expect(n.toast).toMatchObject({ kind: 'warn', title: 'Liquidation: Sell 0.010 BTC-USD' });
  });

});

describe('account and wallet notices', () => {
  it('the margin ratio crossing into danger, not the first reading nor staying there', () => {
    expect(healthNotice('warn', 'danger')?.kinds).toEqual(['liquidation']);
    expect(healthNotice('safe', 'danger')?.title).toBe('Liquidation is near');
    expect(healthNotice(undefined, 'danger')).toBeNull();
    expect(healthNotice('danger', 'danger')).toBeNull();
    expect(healthNotice('safe', 'warn')).toBeNull();
  });

  it('a confirmed withdrawal, with the bridge note', () => {
    expect(withdrawalNotice('Received 99.9 DUSD')).toEqual({ kinds: ['withdrawal'], title: 'Withdrawal confirmed', body: 'Received 99.9 DUSD' });
  });
});

describe('which channels a notice goes out on', () => {
  const fill = { kinds: ['fills' as const], title: 'Filled' };
  it('none by default: both channels are opt-in', () => {
    expect(noticeChannels(fill, settings())).toEqual({ sound: false, browser: false });
  });

  it('each channel once on, while the event is on', () => {
    expect(noticeChannels(fill, settings({ sounds: true }))).toEqual({ sound: true, browser: false });
    expect(noticeChannels(fill, settings({ browserNotifications: true }))).toEqual({ sound: false, browser: true });
    const off = settings({ sounds: true, browserNotifications: true, notify: { fills: false, tpsl: true, liquidation: true, withdrawal: true } });
    expect(noticeChannels(fill, off)).toEqual({ sound: false, browser: false });
  });

  it('a TP/SL that filled goes out when either its trigger or fill switch is on', () => {
    const both = { kinds: ['tpsl' as const, 'fills' as const], title: 'TP' };
    const tpslOff = settings({ sounds: true, notify: { fills: true, tpsl: false, liquidation: true, withdrawal: true } });
    expect(noticeChannels(both, tpslOff).sound).toBe(true);
    const bothOff = settings({ sounds: true, notify: { fills: false, tpsl: false, liquidation: true, withdrawal: true } });
    expect(noticeChannels(both, bothOff).sound).toBe(false);
  });
});
