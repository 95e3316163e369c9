import type { Dec } from '../../lib/decimal';
import { show, showUsd } from '../../lib/display';
import type { OrderPreview } from './order-math';

function Row({ label, title, value }: { label: string; title: string; value: string }) {
  return (
    <div className="flex justify-between" title={title}>
      <span className="text-muted">{label}</span>
      <span className="num">{value}</span>
    </div>
  );
}

/** Cost of the order before it is sent: value, margin, fee and the estimated liquidation price. */
export function OrderSummary({ preview, priceDecimals, feeRate, leverage }: { preview: OrderPreview | null; priceDecimals: number; feeRate: Dec; leverage: number }) {
  return (
    <div className="space-y-0.5 border-t border-line pt-2" data-testid="order-preview">
      <Row label="Order value" title="Size × price (the mark price for a market order)" value={preview ? `${showUsd(preview.notional)} USD` : '—'} />
      <Row label="Margin required" title={`Order value / leverage (${leverage}×)`} value={preview ? `${showUsd(preview.margin)} USD` : '—'} />
      <Row label="Fee (est.)" title={`Order value × ${feeRate.mul(100).toFixed()}%`} value={preview ? `${showUsd(preview.fee)} USD` : '—'} />
      <Row
        label="Liq. price (est.)"
        title="Where the position after this order would be liquidated, estimated from its margin and the maintenance rate"
        value={preview?.liqPrice ? (preview.liqPrice.isZero() ? 'None' : show(preview.liqPrice, priceDecimals)) : '—'}
      />
    </div>
  );
}
