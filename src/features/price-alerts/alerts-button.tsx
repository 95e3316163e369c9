import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePriceAlerts } from '../../stores/price-alerts';

/** The market header's way to the Price alerts (desktop; a phone's header has no room: the chart's Alert): how many are armed (its name starts with what it shows), and the dialog for this market. */
export function AlertsButton({ symbol }: { symbol: string }) {
  const { t } = useLingui();
  const armed = usePriceAlerts((s) => s.alerts.filter((a) => a.firedAt === undefined).length);
  const open = usePriceAlerts((s) => s.open);
  return (
    <button
      type="button"
      className="hidden shrink-0 rounded border border-line px-2 py-0.5 text-muted hover:text-text md:block"
      onClick={() => open(symbol)}
      aria-haspopup="dialog"
      aria-label={t`Alerts${plural(armed, { 0: '', other: ' # armed' })}`}
      data-testid="alerts-button"
    >
      <Trans>Alerts</Trans>
      {armed > 0 && (
        <>
          {' '}
          <span className="num text-accent">{armed}</span>
        </>
      )}
    </button>
  );
}
