import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { show } from '../../lib/display';
import { isActive, progressOf, type Twap } from '../../lib/twap-record';
import { twapsOf, useTwapStore } from '../../stores/twap-store';
import { twapCommand, useTwapRunner } from '../../trading/twap-runner';
import { Button } from '../../ui/button';
import { actingAccount, useSessionStore } from '../../wallet/session-store';
import { spanWords } from './twap-time';
import { TWAP_STATUS_WORDS, twapNoteWords } from './twap-words';

/**
 * Starts the TWAP runner (trading/twap-runner.ts) and shows each TWAP's progress with its pause,
 * resume and cancel. The trade page mounts it beside the order form, not in it: switching the form's
 * tab or market never stops a TWAP, nor does going to the Wallets page (the runner's loop lives with
 * the tab); closing or reloading the tab does, and it says so.
 */
export function TwapRunner() {
  useTwapRunner();
  const { t } = useLingui();
  const account = useSessionStore(actingAccount);
  const twaps = useTwapStore(twapsOf(account));
  const running = twaps.some((x) => x.status === 'running');
  const now = useNow(running);
  // A slice sent since the last second's render: its "next in" counts from the render that shows it.
  const shownNow = Math.max(now, ...twaps.map((x) => x.slices.at(-1)?.at ?? 0));
  if (twaps.length === 0) return null;
  return (
    <section aria-label={t`TWAP orders`} className="flex flex-col gap-2 border-t border-line p-2" data-testid="twap-panel">
      <h2 className="flex items-baseline justify-between font-medium">
        <Trans>TWAP orders</Trans>
        <span className="text-[11px] font-normal text-warn">
          <Trans>Runs only while this tab is open.</Trans>
        </span>
      </h2>
      {twaps.map((tw) => (
        <TwapCard key={tw.id} tw={tw} now={shownNow} />
      ))}
    </section>
  );
}

/** Re-renders every second while a TWAP runs (its "next slice in"). */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const id = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(id);
  }, [on]);
  return now;
}

function TwapCard({ tw, now }: { tw: Twap; now: number }) {
  const { t, i18n } = useLingui();
  const p = progressOf(tw);
  const qd = tw.qtyDecimals;
  const total = show(tw.total, qd);
  const symbol = tw.symbol;
  const title = tw.side === 'buy' ? t`Buy ${total} ${symbol}` : t`Sell ${total} ${symbol}`;
  const filled = show(p.filled, qd);
  const sent = show(p.sent, qd);
  const left = show(p.left, qd);
  const avg = p.avgPrice ? show(p.avgPrice, tw.priceDecimals) : '—';
  const sliceNo = tw.nextIndex;
  const count = tw.sizes.length;
  const note = twapNoteWords(tw.note);
  const sentCount = p.slicesSent;
  const pct = Math.min(100, p.filled.div(tw.total).mul(100).toNumber());
  const nextIn = i18n._(spanWords(tw.nextAt - now));
  const inFlight = tw.slices.some((s) => s.status === 'sending');
  return (
    <article aria-label={t`TWAP ${title}`} className="space-y-1 rounded border border-line bg-bg p-2" data-testid="twap-card" data-status={tw.status}>
      <div className="flex items-baseline justify-between gap-2">
        <span className={`font-medium ${tw.side === 'buy' ? 'text-up' : 'text-down'}`}>{title}</span>
        <span className="text-[11px] text-muted" data-testid="twap-status">
          {i18n._(TWAP_STATUS_WORDS[tw.status])}
        </span>
      </div>
      <div className="h-1 overflow-hidden rounded bg-line" aria-hidden="true">
        <div className={`h-full ${tw.side === 'buy' ? 'bg-up' : 'bg-down'}`} style={{ width: `${pct}%` }} />
      </div>
      <dl className="grid grid-cols-4 gap-1 text-[11px]">
        <Cell label={t`Filled`} testid="twap-filled">
          {filled}
        </Cell>
        <Cell label={t`Sent`}>{sent}</Cell>
        <Cell label={t`Left`}>{left}</Cell>
        <Cell label={t`Avg price`}>{avg}</Cell>
      </dl>
      <p className="text-[11px] text-muted">
        {tw.status === 'running'
          ? inFlight
            ? t`Slice ${sliceNo} of ${count} sent, waiting for its fill`
            : t`${sentCount} of ${count} slices sent · next in ${nextIn}`
          : t`${sentCount} of ${count} slices sent`}
      </p>
      {note && <p className={`text-[11px] ${tw.note?.code === 'refused' || tw.note?.code === 'unknown' ? 'text-error' : 'text-muted'}`}>{i18n._(note)}</p>}
      {tw.status === 'interrupted' && (
        <p className="text-[11px] text-warn" role="status">
          <Trans>This page was reloaded while the TWAP ran, so it stopped sending. Resume it?</Trans>
        </p>
      )}
      <TwapButtons tw={tw} title={title} />
    </article>
  );
}

function TwapButtons({ tw, title }: { tw: Twap; title: string }) {
  const { t } = useLingui();
  const dismiss = useTwapStore((s) => s.dismiss);
  if (!isActive(tw)) {
    return (
      <div className="flex justify-end">
        <Button size="xs" variant="ghost" onClick={() => dismiss(tw.account, tw.id)} aria-label={t`Dismiss TWAP ${title}`} data-twap-dismiss={tw.id}>
          <Trans>Dismiss</Trans>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex justify-end gap-1">
      {tw.status === 'running' ? (
        <Button size="xs" variant="ghost" onClick={() => twapCommand(tw, 'pause')} aria-label={t`Pause TWAP ${title}`}>
          <Trans>Pause TWAP</Trans>
        </Button>
      ) : (
        <Button size="xs" variant="soft" onClick={() => twapCommand(tw, 'resume')} aria-label={t`Resume TWAP ${title}`}>
          <Trans>Resume TWAP</Trans>
        </Button>
      )}
      <Button size="xs" variant="danger" onClick={() => {
          twapCommand(tw, 'cancel');
          // The buttons give way to Dismiss: the focus goes there rather than to the page.
          requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-twap-dismiss="${tw.id}"]`)?.focus());
        }} aria-label={t`Cancel TWAP ${title}`}>
        <Trans>Cancel TWAP</Trans>
      </Button>
    </div>
  );
}

function Cell({ label, testid, children }: { label: string; testid?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="num" data-testid={testid}>
        {children}
      </dd>
    </div>
  );
}
