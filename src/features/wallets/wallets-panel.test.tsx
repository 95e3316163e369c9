// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { mountEachTest } from '../../testing/mount-each-test';

vi.mock('../../wallet/session-store', () => ({ useSessionStore: (pick: (s: unknown) => unknown) => pick({ session: { chain: 'bsc', address: '0x1' }, vault: null }) }));
vi.mock('./use-wallet-rows', () => ({ useWalletRows: () => ({ cash: null, perps: null, refresh: async () => {} }) }));
vi.mock('./balances-transfer', () => ({ BalancesTransfer: () => null }));
vi.mock('./withdraw-card', () => ({ WithdrawCard: () => null }));
vi.mock('./deposit-card', () => ({ DepositCard: () => null }));
const { WalletsPanel } = await import('./wallets-panel');

const view = mountEachTest();

describe('arriving on Wallets', () => {
  it('puts the focus on the Wallets region, not <body>', () => {
    (document.activeElement as HTMLElement | null)?.blur();
    view.render(<WalletsPanel />);
    const panel = view.container.querySelector('[data-testid=wallets-panel]');
    expect(panel?.getAttribute('aria-label')).toBe('Wallets');
    expect(document.activeElement).toBe(panel);
  });
});
