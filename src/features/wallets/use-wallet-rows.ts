import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useServiceConfig } from '../../api/react';
import type { WalletRow } from '../../api/schemas';
import type { MarketStream } from '../../api/stream/market-stream';
import { devnetApi } from '../../wallet/devnet-api';
import { actingAccount, useSessionStore } from '../../wallet/session-store';

export interface WalletRows {
  cash: WalletRow | null;
  perps: WalletRow | null;
  refresh: () => Promise<unknown>;
}

export const walletRowsKey = (account: string | null) => ['devnet', 'wallets', account] as const;

/**
 * Cash and Perps Wallet rows: pushed on the market stream's `balance` channel
 * ({account_type: 'spot' | 'perps', free, locked, total}); the devnet also answers GET /devnet/wallets,
 * which fills the panel before the first push and after transfers.
 */
export function useWalletRows(market: MarketStream | null): WalletRows {
  const config = useServiceConfig();
  const qc = useQueryClient();
  const session = useSessionStore((s) => s.session);
  const vault = useSessionStore((s) => s.vault);
  const account = useSessionStore(actingAccount);
  const [pushed, setPushed] = useState<{ account: string | null; spot?: WalletRow; perps?: WalletRow }>({ account: null });
  const query = useQuery({
    queryKey: walletRowsKey(account),
    queryFn: () => devnetApi(config).wallets(session?.token ?? '', vault),
    enabled: config.isDevnet && session !== null,
    refetchInterval: 3_000,
  });
  useEffect(() => {
    if (!market) return;
    return market.onUser('balance', (row) => {
      const type = row.account_type === 'perps' ? 'perps' : 'spot';
      setPushed((p) => ({ ...(p.account === account ? p : {}), account, [type]: row }));
      if (config.isDevnet) void qc.invalidateQueries({ queryKey: walletRowsKey(account) });
    });
  }, [market, account, config.isDevnet, qc]);
  const fromStream: { spot?: WalletRow; perps?: WalletRow } = pushed.account === account ? pushed : {};
  return {
    cash: query.data?.cash ?? fromStream.spot ?? null,
    perps: query.data?.perps ?? fromStream.perps ?? null,
    refresh: () => qc.invalidateQueries({ queryKey: walletRowsKey(account) }),
  };
}
