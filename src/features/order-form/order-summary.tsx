import { useLingui } from '@lingui/react/macro';
import type { Dec } from '../../lib/decimal';
import { show, showUsd } from '../../lib/display';
import type { OrderPreview } from './order-math';

/** A labelled figure of an order's cost (the limit or market order's summary, the scale's totals). */
export function SummaryRow({ label, title, value }: { label: string; title: string; value: string }) {
  return (
    <div className="flex justify-between" title={title}>
      <span className="text-muted">{label}</span>
      <span className="num">{value}</span>
    </div>
  );
}

/** Cost of the order before it is sent: value, margin, fee and the estimated liquidation price. */
export function OrderSummary({ preview, priceDecimals, feeRate, leverage }: { preview: OrderPreview | null; priceDecimals: number; feeRate: Dec; leverage: number }) {
  const { t } = useLingui();
  const feePct = feeRate.mul(100).toFixed();
  const liq = preview?.liqPrice ? (preview.liqPrice.isZero() ? t`None` : show(preview.liqPrice, priceDecimals)) : '—';
  return (
    <div className="space-y-0.5 border-t border-line pt-2" data-testid="order-preview">
      <SummaryRow label={t`Order value`} title={t`Size × price (the mark price for a market order)`} value={preview ? `${showUsd(preview.notional)} USD` : '—'} />
      <SummaryRow label={t`Margin required`} title={t`Order value / leverage (${leverage}×)`} value={preview ? `${showUsd(preview.margin)} USD` : '—'} />
      <SummaryRow label={t`Fee (est.)`} title={t`Order value × ${feePct}%`} value={preview ? `${showUsd(preview.fee)} USD` : '—'} />
      <SummaryRow
        label={t`Liq. price (est.)`}
        title={t`Where the position after this order would be liquidated, estimated from its margin and the maintenance rate`}
        value={liq}
      />
    </div>
  );
}
