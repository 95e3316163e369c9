import { describe, expect, it } from 'vitest';
import { healthNotice, noticeChannels, orderNotice, withdrawalNotice, type NoticeOrder, type NoticeSettings } from './notices';

const o = (x: Partial<NoticeOrder>): NoticeOrder => ({ side: 'buy', qty: '0.01', symbol: 'BTC-USD', fill_qty: '0', fill_avg_price: '0', status: 'new', source: 'user', ...x });
const settings = (x: Partial<NoticeSettings> = {}): NoticeSettings => ({ sounds: false, browserNotifications: false, notify: { fills: true, tpsl: true, liquidation: true, withdrawal: true }, ...x });

describe('which events notify', () => {
  it('a fill, full or partial, and a market order filled before it was seen open', () => {
    expect(orderNotice(o({ status: 'open' }), o({ status: 'filled', fill_qty: '0.01', fill_avg_price: '95000' }))).toEqual({ kinds: ['fills'], title: 'Filled: Buy 0.01 BTC-USD', body: 'Average price 95000' });
    expect(orderNotice(o({ status: 'open' }), o({ status: 'open', fill_qty: '0.004', fill_avg_price: '95000' }))?.title).toBe('Partially filled: Buy 0.01 BTC-USD');
    expect(orderNotice(undefined, o({ status: 'filled', fill_qty: '0.01' }))?.kinds).toEqual(['fills']);
  });

  it('nothing for a new, resting, canceled or repeated push', () => {
    expect(orderNotice(undefined, o({ status: 'new' }))).toBeNull();
    expect(orderNotice(o({ status: 'new' }), o({ status: 'open' }))).toBeNull();
    expect(orderNotice(o({ status: 'open', fill_qty: '0.004' }), o({ status: 'canceled', fill_qty: '0.004' }))).toBeNull();
    expect(orderNotice(o({ status: 'filled', fill_qty: '0.01' }), o({ status: 'filled', fill_qty: '0.01' }))).toBeNull();
  });

  it('a TP/SL child leaving untriggered is a trigger; one that fills at once is a fill too', () => {
    const tp = { source: 'tp', side: 'sell' as const };
    expect(orderNotice(o({ ...tp, status: 'untriggered' }), o({ ...tp, status: 'new' }))).toEqual({ kinds: ['tpsl'], title: 'Take profit triggered: BTC-USD' });
    const sl = { source: 'sl', side: 'sell' as const };
    expect(orderNotice(o({ ...sl, status: 'untriggered' }), o({ ...sl, status: 'filled', fill_qty: '0.01', fill_avg_price: '90000' }))).toEqual({
      kinds: ['tpsl', 'fills'],
      title: 'Stop loss triggered: BTC-USD',
      body: 'Sell 0.01 BTC-USD filled at 90000',
    });
    // created untriggered, or canceled by its OCO sibling: no trigger
    expect(orderNotice(undefined, o({ ...tp, status: 'untriggered' }))).toBeNull();
    expect(orderNotice(o({ ...tp, status: 'untriggered' }), o({ ...tp, status: 'canceled' }))).toBeNull();
    // the fill after an announced trigger is a fill
    expect(orderNotice(o({ ...tp, status: 'new' }), o({ ...tp, status: 'filled', fill_qty: '0.01' }))?.kinds).toEqual(['fills']);
  });

  it('a liquidation order is a liquidation warning', () => {
    expect(orderNotice(undefined, o({ source: 'liquidation', side: 'sell', status: 'filled', fill_qty: '0.01', fill_avg_price: '90000' }))).toEqual({
      kinds: ['liquidation'],
      title: 'Liquidation: Sell 0.01 BTC-USD',
      body: 'Filled 0.01 at 90000',
    });
  });

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
