import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { userQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { accountLeverage, exposureAtMark, healthLevel, maintenanceMargin, MARGIN_RATIO_DANGER, MARGIN_RATIO_WARN, marginRatio, type HealthLevel } from '../../lib/account-health';
import { dec } from '../../lib/decimal';
import { show, USD_DECIMALS } from '../../lib/display';
import { actingAccount, useSessionStore } from '../../wallet/session-store';

const TONE: Record<HealthLevel, string> = { safe: 'text-ok', warn: 'text-warn', danger: 'text-error' };

function Figure({ label, title, value, className = '', testId }: { label: string; title: string; value: string; className?: string; testId: string }) {
  return (
    <div className="flex items-baseline gap-1.5 whitespace-nowrap" title={title}>
      <span className="text-muted">{label}</span>
      <span className={`num ${className}`} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/**
 * The account's health at a glance, live from the cached query_balance and query_positions (the
 * streams refresh both): equity, available, maintenance margin, margin ratio and account leverage,
 * with a warning as the margin ratio nears 100 %, where the exchange liquidates.
 */
export function AccountHealthStrip() {
  const { t } = useLingui();
  const api = useApi();
  const account = useSessionStore(actingAccount);
  const balance = useQuery(userQueries.balance(api, account));
  const positions = useQuery(userQueries.positions(api, account));

  const health = useMemo(() => {
    if (!balance.data || !positions.data) return null;
    const equity = dec(balance.data.equity);
    const maintenance = maintenanceMargin(positions.data);
    const ratio = marginRatio(maintenance, equity);
    return {
      equity,
      available: dec(balance.data.cross_available),
      maintenance,
      ratio,
      leverage: accountLeverage(exposureAtMark(positions.data), equity),
      level: healthLevel(ratio, maintenance),
    };
  }, [balance.data, positions.data]);

  if (!account) return null;
  const level = health?.level ?? 'safe';
  const ratioText = !health ? '—' : health.ratio ? `${health.ratio.mul(100).toFixed(2)} %` : health.maintenance.gt(0) ? t`over 100 %` : '0.00 %';
  const warnFrom = MARGIN_RATIO_WARN.mul(100).toFixed();
  const dangerFrom = MARGIN_RATIO_DANGER.mul(100).toFixed();
  return (
    <section
      aria-label={t`Account health`}
      data-testid="account-health"
      data-level={level}
      className={`flex shrink-0 flex-wrap items-center gap-x-4 gap-y-0.5 border-b px-2 py-1 text-[11px] ${
        level === 'danger' ? 'border-error/60 bg-error/10' : level === 'warn' ? 'border-warn/60 bg-warn/10' : 'border-line'
      }`}
    >
      <Figure label={t`Equity`} title={t`equity: balance + unrealized PnL`} value={show(health?.equity, USD_DECIMALS)} testId="health-equity" />
      <Figure
        label={t`Available`}
        title={t`cross_available: cross balance − margin in use − order locks + unrealized PnL`}
        value={show(health?.available, USD_DECIMALS)}
        className={health?.available.lt(0) ? 'text-error' : ''}
        testId="health-available"
      />
      <Figure label={t`Maint. margin`} title={t`Σ maint_margin of the open positions: what they must keep`} value={show(health?.maintenance, USD_DECIMALS)} testId="health-maintenance" />
      <Figure
        label={t`Margin ratio`}
        title={t`Maintenance margin / equity. Liquidation at 100 %; warned from ${warnFrom} %, danger from ${dangerFrom} %`}
        value={ratioText}
        className={health && health.maintenance.gt(0) ? TONE[level] : ''}
        testId="health-margin-ratio"
      />
      <Figure
        label={t`Leverage`}
        title={t`Account leverage: Σ |qty| × mark of the open positions / equity`}
        value={health?.leverage ? `${health.leverage.toFixed(2)}×` : '—'}
        testId="health-leverage"
      />
      {level !== 'safe' && (
        <p role="alert" className={`font-medium ${TONE[level]}`}>
          {level === 'danger' ? <Trans>Liquidation is near: add margin or reduce your positions</Trans> : <Trans>Margin ratio is high: liquidation comes at 100 %</Trans>}
        </p>
      )}
    </section>
  );
}
