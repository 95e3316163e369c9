import { useLingui } from '@lingui/react/macro';
import type { LeverageChangePreview } from '../../lib/leverage-change';
import type { Dec } from '../../lib/decimal';
import { show } from '../../lib/display';

function Row({ label, title, children }: { label: string; title: string; children: string }) {
  return (
    <div className="flex justify-between gap-2" title={title}>
      <span className="text-muted">{label}</span>
      <span className="num">{children}</span>
    </div>
  );
}

/** What a leverage change does to the open position: its margin, the available margin, the liquidation price. */
export function LeverageChangeSummary({ preview, priceDecimals }: { preview: LeverageChangePreview; priceDecimals: number }) {
  const { t } = useLingui();
  const liq = preview.liqPrice;
  const liqShown = liq && !liq.isZero() ? show(liq, priceDecimals) : null;
  // Amounts in USD (a ticker): numbers, no words.
  const usd = (before: Dec, after: Dec) => [show(before, 2), '→', show(after, 2), 'USD'].join(' ');
  return (
    <div className="space-y-0.5 text-[11px]">
      <Row label={t`Position margin`} title={t`Cross: entry value / leverage. Isolated: the margin put in, which the leverage does not move`}>
        {usd(preview.marginBefore, preview.marginAfter)}
      </Row>
      {preview.availableBefore && preview.availableAfter && (
        <Row label={t`Available`} title={t`cross_available, less the margin the position takes (or plus what it frees)`}>
          {usd(preview.availableBefore, preview.availableAfter)}
        </Row>
      )}
      <Row label={t`Liq. price (est.)`} title={t`Liquidation compares equity with the maintenance margin, which the leverage does not enter: it stays where it is`}>
        {liqShown === null ? t`None (unchanged)` : t`${liqShown} (unchanged)`}
      </Row>
    </div>
  );
}
