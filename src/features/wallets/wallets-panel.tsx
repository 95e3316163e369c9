import { Trans } from '@lingui/react/macro';
import { useSessionStore } from '../../wallet/session-store';
import { BalancesTransfer } from './balances-transfer';
import { DepositCard } from './deposit-card';
import { FaucetCredit } from './faucet-credit';
import { useWalletRows } from './use-wallet-rows';
import { WithdrawCard } from './withdraw-card';

/** Cash and Perps Wallets: balances, transfers, deposit, withdraw and its history. */
export function WalletsPanel() {
  const session = useSessionStore((s) => s.session);
  const vault = useSessionStore((s) => s.vault);
  const rows = useWalletRows();
  if (!session) {
    return (
      <p className="p-6 text-center text-muted">
        <Trans>Sign in to see your wallets, deposit and withdraw.</Trans>
      </p>
    );
  }
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-3 p-3 lg:grid-cols-2" data-testid="wallets-panel">
      {vault && (
        <p className="rounded border border-accent/50 bg-accent/10 px-3 py-1.5 text-accent lg:col-span-2">
          <Trans>
            Acting as vault <span className="num">{vault}</span>: balances and transfers are the vault's.
          </Trans>
        </p>
      )}
      <div className="flex flex-col gap-3">
        <BalancesTransfer rows={rows}>
          <FaucetCredit rows={rows} />
        </BalancesTransfer>
        <WithdrawCard rows={rows} />
      </div>
      <DepositCard rows={rows} />
    </div>
  );
}
