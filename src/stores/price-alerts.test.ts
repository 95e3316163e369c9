import { describe, expect, it } from 'vitest';
import { readStoredAlerts, usePriceAlerts } from './price-alerts';

describe('stored price alerts', () => {
  it('keeps well-formed alerts (fired ones too) and drops a malformed one', () => {
    const good = { id: 'a', symbol: 'BTC-USD', source: 'mark', direction: 'above', price: '100000', createdAt: 1 };
    const fired = { ...good, id: 'b', firedAt: 5, firedPrice: '100001' };
    expect(readStoredAlerts({ alerts: [good, fired, { ...good, id: 'c', price: 'abc' }, { ...good, id: 'd', source: 'index' }, null] })).toEqual([good, fired]);
    expect(readStoredAlerts(undefined)).toEqual([]);
  });

  it('an edited alert is armed again at its new level', () => {
    const store = usePriceAlerts.getState();
    const id = store.add({ symbol: 'BTC-USD', source: 'mark', direction: 'above', price: '100000' })!;
    usePriceAlerts.getState().fired([{ ...usePriceAlerts.getState().alerts.find((a) => a.id === id)!, firedAt: 9, firedPrice: '100002' }]);
    usePriceAlerts.getState().edit(id, { price: '90000', direction: 'below', source: 'last' });
    const edited = usePriceAlerts.getState().alerts.find((a) => a.id === id)!;
    expect(edited).toMatchObject({ price: '90000', direction: 'below', source: 'last' });
    expect(edited.firedAt).toBeUndefined();
  });
});
