// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { renderWithApi, type RenderedPanel } from '../../api/testing/render-with-api';
import { useSessionStore } from '../../wallet/session-store';
import { AccountHealthStrip } from './account-health-strip';

const ACCOUNT = 'bsc_0xabc';
const balance = {
  isolated_balance: '0', isolated_upnl: '0', cross_balance: '10000', cross_margin: '2000', cross_upnl: '-500', locked: '0',
  cross_available: '7500', balance: '10000', upnl: '-500', equity: '9500', pnl_freeze: '0',
};
const position = (qty: string, mark: string, maint: string) => ({
  id: 1, user: ACCOUNT, symbol: 'BTC-USD', status: 'open', qty, leverage: '10', margin_mode: 'cross', margin_asset: 'DUSD',
  entry_price: mark, entry_value: '0', mark_price: mark, position_value: '0', initial_margin: '0', holding_margin: '0',
  maint_margin: maint, mmr: '0.025', bankruptcy_price: '0', liq_price: '0', realized_pnl: '0', upnl: '0',
  time: '2025-01-01T00:00:00Z', created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z',
});

// The strip reads its words through Lingui, as under the app's providers.
const strip = (
  <I18nProvider i18n={i18n}>
    <AccountHealthStrip />
  </I18nProvider>
);

let panel: RenderedPanel | null = null;
afterEach(() => {
  panel?.unmount();
  panel = null;
  useSessionStore.setState({ session: null, vault: null });
});
function mount(positions: unknown[], equity = balance.equity) {
  useSessionStore.setState({ session: { chain: 'bsc', address: '0xabc', token: 't', expiresAt: Date.now() + 60_000, key: {} as never } });
  panel = renderWithApi(strip, (qc) => {
    qc.setQueryData(queryKeys.user.balance(ACCOUNT), { ...balance, equity });
    qc.setQueryData(queryKeys.user.positions(ACCOUNT), positions);
  });
  const text = (id: string) => panel!.container.querySelector(`[data-testid=${id}]`)?.textContent;
  return { text, level: panel.container.querySelector('[data-testid=account-health]')?.getAttribute('data-level') };
}

describe('account health strip', () => {
  it('shows equity, available, maintenance margin, margin ratio and leverage to the cent', () => {
    // 1 BTC long at 95 000 (maint 1 187.5) and 10 ETH short at 3 300 (maint 412.5): 128 000 of exposure on 9 500
    const { text, level } = mount([position('1', '95000', '1187.5'), { ...position('-10', '3300', '412.5'), symbol: 'ETH-USD' }]);
    expect(text('health-equity')).toBe('9,500.00');
    expect(text('health-available')).toBe('7,500.00');
    expect(text('health-maintenance')).toBe('1,600.00');
    expect(text('health-margin-ratio')).toBe('16.84 %'); // 1 600 / 9 500
    expect(text('health-leverage')).toBe('13.47×'); // 128 000 / 9 500
    expect(level).toBe('safe');
  });

  it('warns from a 70 % margin ratio and calls 90 % danger', () => {
    expect(mount([position('1', '95000', '1187.5')], '1600').level).toBe('warn'); // 74 %
    panel!.unmount();
    panel = null;
    const danger = mount([position('1', '95000', '1187.5')], '1250'); // 95 %
    expect(danger.level).toBe('danger');
    expect(panel!.container.textContent).toContain('Liquidation is near');
  });

  it('shows nothing when signed out', () => {
    panel = renderWithApi(strip, () => {});
    expect(panel.container.querySelector('[data-testid=account-health]')).toBeNull();
  });
});
