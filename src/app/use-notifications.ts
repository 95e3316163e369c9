import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { userQueries } from '../api/queries';
import { useApi } from '../api/react';
import { maintenanceMargin, marginRatio } from '../lib/account-health';
import { dec } from '../lib/decimal';
import { marginWarningNotice, pastMarginWarning, withdrawalNotice } from '../lib/notices';
import { useTradeSettings } from '../stores/trade-settings';
import { mutationKeys } from '../trading/mutation-keys';
import { actingAccount, useSessionStore } from '../wallet/session-store';
import { announce, toastAndAnnounce } from './streams/notifier';

/**
 * The notifications not tied to one order push (those come from the user feed): the margin ratio
 * crossing the trader's warning level (a toast that stays, and the sound or notification the settings
 * ask for), and a withdrawal the bridge confirmed.
 */
export function useNotifications() {
  const api = useApi();
  const qc = useQueryClient();
  const account = useSessionStore(actingAccount);
  const levelPct = useTradeSettings((s) => s.liquidationWarnPct);
  const balance = useQuery({ ...userQueries.balance(api, account), enabled: !!account });
  const positions = useQuery({ ...userQueries.positions(api, account), enabled: !!account });
  const past = useRef<{ account: string | null; levelPct: string; past: boolean | undefined }>({ account, levelPct, past: undefined });

  useEffect(() => {
    if (!account || !balance.data || !positions.data) return;
    const maintenance = maintenanceMargin(positions.data);
    const ratio = marginRatio(maintenance, dec(balance.data.equity));
    const now = pastMarginWarning(ratio, maintenance, levelPct);
    // A new account or a new level starts from a baseline: only a crossing seen here warns.
    const same = past.current.account === account && past.current.levelPct === levelPct;
    const before = same ? past.current.past : undefined;
    past.current = { account, levelPct, past: now };
    const notice = marginWarningNotice(before, now, ratio, levelPct);
    if (!notice) return;
    toastAndAnnounce(notice, { kind: 'error', key: 'margin-warning' }, 15_000);
  }, [account, levelPct, balance.data, positions.data]);

  useEffect(
    () =>
      qc.getMutationCache().subscribe((e) => {
        if (e.type !== 'updated' || e.action.type !== 'success') return;
        const key = e.mutation.options.mutationKey;
        if (!key || JSON.stringify(key) !== JSON.stringify(mutationKeys.withdraw)) return;
        const end = e.action.data as { confirmed?: boolean; note?: string | null } | undefined;
        if (end?.confirmed) announce(withdrawalNotice(end.note ?? undefined));
      }),
    [qc],
  );
}
