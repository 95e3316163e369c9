import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { marketQueries, userQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { Segmented, type Choice } from '../../ui/segmented';
import { useShortcutKey } from '../../ui/use-shortcut-key';
import { actingAccount, useSessionStore } from '../../wallet/session-store';
import { BalanceSummary } from './balance-summary';
import { FundingHistory } from './funding-history';
import { OpenOrdersTable } from './open-orders-table';
import { OrderHistory } from './order-history';
import { PositionHotkeys } from './position-hotkeys';
import { PositionsTable } from './positions-table';
import { SignInPrompt } from './sign-in-prompt';
import { TradeHistory } from './trade-history';

type Tab = 'positions' | 'open-orders' | 'orders' | 'trades' | 'funding' | 'balance';

interface Props {
  symbol: string;
  onSelectSymbol: (symbol: string) => void;
}

/** The account under the chart: positions, open orders, histories, funding and balance. */
export function AccountTabs(props: Props) {
  const account = useSessionStore(actingAccount);
  if (!account) return <SignInPrompt />;
  return <SignedInTabs {...props} account={account} />;
}

function SignedInTabs({ symbol, onSelectSymbol, account }: Props & { account: string }) {
  const { t } = useLingui();
  const api = useApi();
  const [tab, setTab] = useState<Tab>('positions');
  const [onlyThisMarket, setOnlyThisMarket] = useState(false);
  // P / O (shortcuts, not while typing): that tab is chosen and takes the focus, from anywhere on the page.
  const box = useRef<HTMLElement>(null);
  const [goTo, setGoTo] = useState(0);
  const go = (to: Tab) => {
    setTab(to);
    setGoTo((n) => n + 1);
  };
  useShortcutKey('p', () => go('positions'));
  useShortcutKey('o', () => go('open-orders'));
  useEffect(() => {
    if (goTo > 0) box.current?.querySelector<HTMLElement>('[role=tab][aria-selected=true]')?.focus();
  }, [goTo]);
  const positions = useQuery(userQueries.positions(api, account));
  const openOrders = useQuery(userQueries.openOrders(api, account));
  const balance = useQuery(userQueries.balance(api, account));
  const info = useQuery(marketQueries.symbolInfo(api));
  const symbols = info.data?.map((s) => s.symbol) ?? [];

  const shownPositions = (positions.data ?? []).filter((p) => !onlyThisMarket || p.symbol === symbol);
  const allOrders = openOrders.data?.result ?? [];
  const shownOrders = allOrders.filter((o) => !onlyThisMarket || o.symbol === symbol);

  // What the service said when a list could not be read (shown as it said it).
  const positionsError = positions.error?.message;
  const openOrdersError = openOrders.error?.message;
  const balanceError = balance.error?.message;
  const positionCount = shownPositions.length;
  const orderCount = shownOrders.length;
  const tabs: Choice<Tab>[] = [
    { value: 'positions', label: t`Positions (${positionCount})` },
    { value: 'open-orders', label: t`Open orders (${orderCount})` },
    { value: 'orders', label: t`Order history` },
    { value: 'trades', label: t`Trade history` },
    { value: 'funding', label: t`Funding` },
    { value: 'balance', label: t`Balance` },
  ];

  return (
    <section ref={box} aria-label={t`Account`} className="flex h-full min-h-0 flex-col" data-testid="account-tabs">
      <PositionHotkeys symbol={symbol} positions={positions.data ?? []} openOrders={allOrders} />
      {/* The tablist holds the tabs only; the market filter sits beside it, not inside. */}
      <div className="flex shrink-0 items-center border-b border-line">
        <Segmented
          kind="tabs"
          look="underline"
          label={t`Account`}
          choices={tabs}
          value={tab}
          onChange={setTab}
          className="flex min-w-0 flex-1 items-center gap-1 overflow-x-auto px-1"
          itemClassName="px-2 py-1.5"
        />
        {(tab === 'positions' || tab === 'open-orders') && (
          <label className="flex shrink-0 items-center gap-1.5 px-2 text-muted">
            <input type="checkbox" checked={onlyThisMarket} onChange={(e) => setOnlyThisMarket(e.target.checked)} className="accent-[var(--color-accent)]" />
            <Trans>{symbol} only</Trans>
          </label>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-auto" role="tabpanel">
        {tab === 'positions' &&
          (positions.isError ? (
            <p className="p-3 text-error">
              <Trans>Positions unavailable: {positionsError}</Trans>
            </p>
          ) : (
            <PositionsTable positions={shownPositions} openOrders={allOrders} onSelectSymbol={onSelectSymbol} />
          ))}
        {tab === 'open-orders' &&
          (openOrders.isError ? (
            <p className="p-3 text-error">
              <Trans>Open orders unavailable: {openOrdersError}</Trans>
            </p>
          ) : (
            <OpenOrdersTable orders={shownOrders} />
          ))}
        {tab === 'orders' && <OrderHistory account={account} symbols={symbols} />}
        {tab === 'trades' && <TradeHistory account={account} symbols={symbols} />}
        {tab === 'funding' && <FundingHistory account={account} symbols={symbols} />}
        {tab === 'balance' &&
          (balance.isError ? (
            <p className="p-3 text-error">
              <Trans>Balance unavailable: {balanceError}</Trans>
            </p>
          ) : (
            <BalanceSummary balance={balance.data} />
          ))}
      </div>
    </section>
  );
}
