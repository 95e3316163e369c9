import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { marginWarningNotice, noticeChannels, pastMarginWarning, orderNews, withdrawalNotice, type NoticeMessage, type NoticeOrder, type NoticeSettings } from './notices';

const o = (x: Partial<NoticeOrder>): NoticeOrder => ({ side: 'buy', qty: '0.01', symbol: 'BTC-USD', fill_qty: '0', fill_avg_price: '0', status: 'new', source: 'user', ...x });
const settings = (x: Partial<NoticeSettings> = {}): NoticeSettings => ({ sounds: false, browserNotifications: false, notify: { fills: true, tpsl: true, liquidation: true, withdrawal: true, alerts: true }, ...x });

const places = { price: 2, qty: 3 };
const news = (prev: NoticeOrder | undefined, next: NoticeOrder) => orderNews(prev, next, places);
const buy = { side: 'buy' as const, size: '0.010', symbol: 'BTC-USD', leg: null };

// The words of these messages are in features/toasts/notice-words.test.ts.
describe('what an order push tells the trader (one message for toast and notice)', () => {
  it('a fill with its average price at the symbol\'s places, as the toast and as the notice', () => {
    const n = news(o({ status: 'open' }), o({ status: 'filled', fill_qty: '0.01', fill_avg_price: '3296.233431906614785992' }));
    const message: NoticeMessage = { code: 'filled', order: buy, price: '3,296.23' };
    expect(n.toast).toEqual({ kind: 'success', rank: 2, message });
    expect(n.notice).toEqual({ kinds: ['fills'], message });
  });

  it('a partial fill says how much is done; a market order filled before it was seen open is a fill', () => {
    expect(news(o({ status: 'open' }), o({ status: 'open', fill_qty: '0.004', fill_avg_price: '95000.123456' })).toast?.message).toEqual({
      code: 'partially-filled',
      order: buy,
      filled: '0.004',
      size: '0.010',
      price: '95,000.12',
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
      toast: { kind: 'info', rank: 2, message: { code: 'canceled', order: buy, remark: null } },
      notice: null,
    });
    expect(news(o({ status: 'new' }), o({ status: 'rejected', remark: 'alo order rejected' })).toast).toEqual({
      kind: 'error',
      rank: 2,
      message: { code: 'rejected', order: buy, remark: 'alo order rejected' },
    });
  });

  it('a TP/SL child leaving untriggered is a trigger; one that fills at once is a fill too', () => {
    const tp = { source: 'tp', side: 'sell' as const };
    expect(news(o({ ...tp, status: 'untriggered' }), o({ ...tp, status: 'new' })).notice).toEqual({
      kinds: ['tpsl'],
      message: { code: 'tpsl-triggered', leg: 'tp', symbol: 'BTC-USD', fill: null },
    });
    const sl = { source: 'sl', side: 'sell' as const };
    const fired = news(o({ ...sl, status: 'untriggered' }), o({ ...sl, status: 'filled', fill_qty: '0.01', fill_avg_price: '90000' }));
    const message: NoticeMessage = {
      code: 'tpsl-triggered',
      leg: 'sl',
      symbol: 'BTC-USD',
      fill: { order: { side: 'sell', size: '0.010', symbol: 'BTC-USD', leg: 'sl' }, price: '90,000.00' },
    };
    expect(fired.notice).toEqual({ kinds: ['tpsl', 'fills'], message });
    expect(fired.toast).toEqual({ kind: 'success', rank: 2, message });
    // created untriggered: no trigger
    expect(news(undefined, o({ ...tp, status: 'untriggered' }))).toEqual({ toast: null, notice: null });
    // the fill after an announced trigger is a fill
    expect(news(o({ ...tp, status: 'new' }), o({ ...tp, status: 'filled', fill_qty: '0.01' })).notice?.kinds).toEqual(['fills']);
  });

  it('a TP/SL the exchange canceled (its partner fired, the position closed) says it was the TP/SL, whole-position ones included', () => {
    const tp = { source: 'tp', side: 'sell' as const, qty: '0' };
    expect(news(o({ ...tp, status: 'untriggered' }), o({ ...tp, status: 'canceled', remark: 'oco: sibling triggered' }))).toEqual({
      toast: { kind: 'info', rank: 2, message: { code: 'tpsl-canceled', leg: 'tp', symbol: 'BTC-USD', remark: 'oco: sibling triggered' } },
      notice: null,
    });
    expect(news(o({ ...tp, source: 'sl', status: 'new' }), o({ ...tp, source: 'sl', status: 'rejected' })).toast?.message).toEqual({
      code: 'rejected',
      order: { side: 'sell', size: null, symbol: 'BTC-USD', leg: 'sl' },
      remark: null,
    });
  });

  it('a liquidation order is a liquidation warning', () => {
    const n = news(undefined, o({ source: 'liquidation', side: 'sell', status: 'filled', fill_qty: '0.01', fill_avg_price: '90000' }));
    const message: NoticeMessage = {
      code: 'liquidation',
      order: { side: 'sell', size: '0.010', symbol: 'BTC-USD', leg: null },
      fill: { size: '0.010', price: '90,000.00' },
      remark: null,
    };
    expect(n.notice).toEqual({ kinds: ['liquidation'], message });
    expect(n.toast).toEqual({ kind: 'warn', rank: 2, message });
  });
});

describe('account and wallet notices', () => {
  it('the margin ratio crossing the trader\'s level, once: not the first reading, not staying past it, again after falling back', () => {
    const ratio = dec('0.8123');
    expect(marginWarningNotice(false, true, ratio, '80')).toEqual({ kinds: ['liquidation'], message: { code: 'liquidation-near', ratio: '81.2', level: '80' } });
    expect(marginWarningNotice(undefined, true, ratio, '80')).toBeNull();
    expect(marginWarningNotice(true, true, ratio, '80')).toBeNull();
    expect(marginWarningNotice(true, false, dec('0.5'), '80')).toBeNull();
    expect(marginWarningNotice(false, false, dec('0.5'), '80')).toBeNull();
  });

  it('past the level: at or above it, or margin held with no equity left', () => {
    expect(pastMarginWarning(dec('0.8'), dec('10'), '80')).toBe(true);
    expect(pastMarginWarning(dec('0.7999'), dec('10'), '80')).toBe(false);
    expect(pastMarginWarning(dec('0.755'), dec('10'), '75.5')).toBe(true);
    expect(pastMarginWarning(null, dec('10'), '80')).toBe(true);
    expect(pastMarginWarning(null, dec('0'), '80')).toBe(false);
  });

  it('a confirmed withdrawal, with the bridge note', () => {
    expect(withdrawalNotice('Received 99.9 DUSD')).toEqual({ kinds: ['withdrawal'], message: { code: 'withdrawal-confirmed', note: 'Received 99.9 DUSD' } });
    expect(withdrawalNotice().message).toEqual({ code: 'withdrawal-confirmed', note: null });
  });
});

describe('which channels a notice goes out on', () => {
  const fill = { kinds: ['fills' as const], message: { code: 'liquidation-near' as const, ratio: '81.0', level: '80' } };
  it('none by default: both channels are opt-in', () => {
    expect(noticeChannels(fill, settings())).toEqual({ sound: false, browser: false });
  });

  it('each channel once on, while the event is on', () => {
    expect(noticeChannels(fill, settings({ sounds: true }))).toEqual({ sound: true, browser: false });
    expect(noticeChannels(fill, settings({ browserNotifications: true }))).toEqual({ sound: false, browser: true });
    const off = settings({ sounds: true, browserNotifications: true, notify: { fills: false, tpsl: true, liquidation: true, withdrawal: true, alerts: true } });
    expect(noticeChannels(fill, off)).toEqual({ sound: false, browser: false });
  });

  it('a TP/SL that filled goes out when either its trigger or fill switch is on', () => {
    const both = { kinds: ['tpsl' as const, 'fills' as const], message: { code: 'liquidation-near' as const, ratio: '81.0', level: '80' } };
    const tpslOff = settings({ sounds: true, notify: { fills: true, tpsl: false, liquidation: true, withdrawal: true, alerts: true } });
    expect(noticeChannels(both, tpslOff).sound).toBe(true);
    const bothOff = settings({ sounds: true, notify: { fills: false, tpsl: false, liquidation: true, withdrawal: true, alerts: true } });
    expect(noticeChannels(both, bothOff).sound).toBe(false);
  });
});
