import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import { useMarketStream, useServiceConfig } from '../../api/react';
import type { WalletRow } from '../../api/schemas';
import { serviceExtras } from '../../wallet/service-extras';
import { actingAccount, useSessionStore } from '../../wallet/session-store';

export interface WalletRows {
  cash: WalletRow | null;
  perps: WalletRow | null;
  refresh: () => Promise<unknown>;
}

/**
 * Cash and Perps Wallet rows. The market stream's `balance` channel pushes Perps rows only
 * ({account_type: 'perps', free, locked, total}; decisions.md "Balance channel"): the Cash Wallet is
 * read over HTTP where the service answers it (the devnet's GET /devnet/wallets, polled every 3 s,
 * read again on every push and after the app's own transfers, withdrawals and faucet credits). A Cash
 * row pushed anyway (an older devnet) is still taken until the HTTP answer comes.
 */
export function useWalletRows(): WalletRows {
  const market = useMarketStream();
  const readRows = serviceExtras(useServiceConfig()).walletRows;
  const qc = useQueryClient();
  const session = useSessionStore((s) => s.session);
  const vault = useSessionStore((s) => s.vault);
  const account = useSessionStore(actingAccount);
  const [pushed, setPushed] = useState<{ account: string | null; spot?: WalletRow; perps?: WalletRow }>({ account: null });
  const key = queryKeys.user.walletRows(account ?? '');
  const query = useQuery({
    queryKey: key,
    queryFn: readRows && session ? () => readRows(session.token, vault) : skipToken,
    refetchInterval: 3_000,
  });
  useEffect(() => {
    if (!market) return;
    return market.onUser('balance', (row) => {
      const type = row.account_type === 'perps' ? 'perps' : 'spot';
      setPushed((p) => ({ ...(p.account === account ? p : {}), account, [type]: row }));
      if (readRows && account) void qc.invalidateQueries({ queryKey: queryKeys.user.walletRows(account) });
    });
  }, [market, account, readRows, qc]);
  const fromStream: { spot?: WalletRow; perps?: WalletRow } = pushed.account === account ? pushed : {};
  return {
    cash: query.data?.cash ?? fromStream.spot ?? null,
    perps: query.data?.perps ?? fromStream.perps ?? null,
    refresh: () => qc.invalidateQueries({ queryKey: key }),
  };
}
