import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { userQueries } from '../api/queries';
import { useApi } from '../api/react';
import { healthLevel, maintenanceMargin, marginRatio, type HealthLevel } from '../lib/account-health';
import { dec } from '../lib/decimal';
import { healthNotice, withdrawalNotice } from '../lib/notices';
import { useTradeSettings } from '../stores/trade-settings';
import { mutationKeys } from '../trading/mutation-keys';
import { actingAccount, useSessionStore } from '../wallet/session-store';
import { announce } from './streams/notifier';

/**
 * The notifications not tied to one order push (those come from the user feed): the margin ratio
 * crossing into danger, and a withdrawal the bridge confirmed. Reads the account only while a
 * channel and the liquidation switch are on.
 */
export function useNotifications() {
  const api = useApi();
  const qc = useQueryClient();
  const account = useSessionStore(actingAccount);
  const watchHealth = useTradeSettings((s) => (s.sounds || s.browserNotifications) && s.notify.liquidation);
  const balance = useQuery({ ...userQueries.balance(api, account), enabled: watchHealth && !!account });
  const positions = useQuery({ ...userQueries.positions(api, account), enabled: watchHealth && !!account });
  const level = useRef<{ account: string | null; level: HealthLevel | undefined }>({ account, level: undefined });

  useEffect(() => {
    if (!watchHealth || !balance.data || !positions.data) return;
    const maintenance = maintenanceMargin(positions.data);
    const now = healthLevel(marginRatio(maintenance, dec(balance.data.equity)), maintenance);
    const before = level.current.account === account ? level.current.level : undefined;
    level.current = { account, level: now };
    const notice = healthNotice(before, now);
    if (notice) announce(notice);
  }, [watchHealth, account, balance.data, positions.data]);

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
