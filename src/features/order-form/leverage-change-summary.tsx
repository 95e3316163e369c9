import type { LeverageChangePreview } from '../../lib/leverage-change';
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
  const liq = preview.liqPrice;
  return (
    <div className="space-y-0.5 text-[11px]">
      <Row label="Position margin" title="Cross: entry value / leverage. Isolated: the margin put in, which the leverage does not move">
        {`${show(preview.marginBefore, 2)} → ${show(preview.marginAfter, 2)} USD`}
      </Row>
      {preview.availableBefore && preview.availableAfter && (
        <Row label="Available" title="cross_available, less the margin the position takes (or plus what it frees)">
          {`${show(preview.availableBefore, 2)} → ${show(preview.availableAfter, 2)} USD`}
        </Row>
      )}
      <Row label="Liq. price (est.)" title="Liquidation compares equity with the maintenance margin, which the leverage does not enter: it stays where it is">
        {`${liq && !liq.isZero() ? show(liq, priceDecimals) : 'None'} (unchanged)`}
      </Row>
    </div>
  );
}
