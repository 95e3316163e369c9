import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { showUsdSigned, USD_DECIMALS } from '../../lib/display';
import type { WindowSummary } from '../../lib/portfolio/portfolio-summary';
import { Segmented } from '../../ui/segmented';
import { CurveChart } from './curve-chart';
import { VALUE_BASIS } from './portfolio-words';

type Curve = 'pnl' | 'value';

/** The window's cumulative PnL or account value over time, and plainly what the value curve includes. */
export function PortfolioCurves({ w }: { w: WindowSummary }) {
  const { t, i18n } = useLingui();
  const [curve, setCurve] = useState<Curve>('pnl');
  const marks = w.value.steps.map((s) => {
    const amount = showUsdSigned(s.amount);
    return { at: s.at, label: s.kind === 'transfer-in' || s.kind === 'deposit' ? t`Moved in: ${amount} DUSD` : t`Moved out: ${amount} DUSD` };
  });
  return (
    <section className="flex flex-col gap-1 rounded border border-line bg-panel p-2" aria-label={t`Curves`}>
      <Segmented
        kind="tabs"
        look="underline"
        label={t`Curve`}
        value={curve}
        onChange={setCurve}
        className="flex items-center gap-1 border-b border-line"
        itemClassName="px-2 py-1.5"
        choices={[
          { value: 'pnl', label: t`Cumulative PnL` },
          { value: 'value', label: t`Account value` },
        ]}
      />
      {curve === 'pnl' ? (
        <>
          <CurveChart points={w.pnl.points} title={t`Cumulative PnL`} decimals={USD_DECIMALS} signed testId="pnl-curve" />
          <p className="px-1 text-[12px] text-muted">{t`Realized PnL − fees + funding since the start of the period; the last point adds the unrealized PnL of open positions now.`}</p>
        </>
      ) : (
        <>
          <CurveChart points={w.value.points} title={t`Account value`} decimals={USD_DECIMALS} signed={false} marks={marks} testId="value-curve" />
          <ul className="list-disc px-5 text-[12px] text-muted" data-testid="value-basis">
            {w.value.basis.map((b) => (
              <li key={b}>{i18n._(VALUE_BASIS[b])}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
