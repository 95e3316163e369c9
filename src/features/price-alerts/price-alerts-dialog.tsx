import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import type { AlertSource, PriceAlert } from '../../lib/price-alert';
import { formatDateTime } from '../../lib/time';
import { usePriceAlerts } from '../../stores/price-alerts';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { NumericInput } from '../../ui/numeric-input';
import { Segmented } from '../../ui/segmented';
import { typedDecimalWords } from '../../ui/typed-decimal-words';
import { readAlertForm, type AlertFormProblem } from './alert-form';

function problemWords(p: AlertFormProblem, i18n: I18n, decimals: number): string {
  switch (p.code) {
    case 'price-unreadable':
      return p.read.problem === 'empty' ? i18n._(msg`Enter a price`) : i18n._(typedDecimalWords(p.read));
    case 'price-not-positive':
      return i18n._(msg`Price must be positive`);
    case 'price-is-now': {
      const now = show(p.now, decimals);
      return i18n._(msg`The price is ${now} now: choose a level above or below it`);
    }
    case 'no-price-yet':
      return i18n._(msg`No price yet: wait for market data`);
  }
}

/** "Mark ≥ 96,000.00": what an alert watches, its side in words and a sign, never by colour alone. */
function alertLine(a: Pick<PriceAlert, 'source' | 'direction'>, price: string, i18n: I18n): string {
  if (a.source === 'mark') return i18n._(a.direction === 'above' ? msg`Mark rises to ${price}` : msg`Mark falls to ${price}`);
  return i18n._(a.direction === 'above' ? msg`Last price rises to ${price}` : msg`Last price falls to ${price}`);
}

/** Price alerts: set one on this market (mark or last price), and every alert listed, edited or deleted. */
export function PriceAlertsDialog({ symbol, startPrice, onClose }: { symbol: string; startPrice?: string | undefined; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const alerts = usePriceAlerts((s) => s.alerts);
  const { add, edit, remove } = usePriceAlerts.getState();
  const info = useQuery(marketQueries.symbolInfo(api)).data?.find((s) => s.symbol === symbol);
  const decimals = info?.price_tick_decimals ?? 2;
  const price = useQuery(marketQueries.symbolPrice(api, symbol)).data;
  const [source, setSource] = useState<AlertSource>('mark');
  const [text, setText] = useState(startPrice ?? '');
  const [editing, setEditing] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const focusPrice = () => document.getElementById('alert-price')?.focus();
  const nowText = source === 'mark' ? price?.mark_price : price?.last_price;
  const now = nowText ? dec(nowText) : null;
  const r = readAlertForm(text, source, now, decimals);
  const showProblem = r.problem && (tried || r.problem.code !== 'price-unreadable' || r.problem.read.problem !== 'empty');
  const nowShown = show(nowText ?? null, decimals);
  const level = r.alert ? show(r.alert.price, decimals) : '';

  const submit = () => {
    setTried(true);
    if (!r.alert) return focusPrice();
    if (editing) edit(editing, r.alert);
    else add({ symbol, ...r.alert });
    setEditing(null);
    setText('');
    setTried(false);
    focusPrice();
  };
  const startEdit = (a: PriceAlert) => {
    setEditing(a.id);
    setSource(a.source);
    setText(a.price);
    focusPrice();
  };
  const sorted = [...alerts].sort((a, b) => Number(a.firedAt !== undefined) - Number(b.firedAt !== undefined) || b.createdAt - a.createdAt);
  const editingSymbol = alerts.find((a) => a.id === editing)?.symbol ?? symbol;

  return (
    <Modal title={t`Price alerts`} onClose={onClose} testId="price-alerts-dialog" width="max-w-[520px]">
      <form
        aria-label={editing ? t`Edit the ${editingSymbol} alert` : t`New ${symbol} alert`}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="mb-3 space-y-2"
        noValidate
      >
        <Segmented
          kind="choice"
          label={t`Watch`}
          look="joined"
          choices={[
            { value: 'mark', label: t`Mark price` },
            { value: 'last', label: t`Last price` },
          ]}
          value={source}
          onChange={setSource}
          className="inline-flex overflow-hidden rounded border border-line"
        />
        <Field id="alert-price" label={t`${symbol} price`} error={showProblem && r.problem ? problemWords(r.problem, i18n, decimals) : undefined}>
          <NumericInput value={text} onChange={setText} maxDecimals={decimals} aria-label={t`Alert price`} autoFocus />
        </Field>
        <p className="text-muted" data-testid="alert-preview">
          {source === 'mark' ? <Trans>Mark now {nowShown}</Trans> : <Trans>Last price now {nowShown}</Trans>}
          {r.alert && <> · {alertLine(r.alert, level, i18n)}</>}
        </p>
        <div className="flex gap-2">
          <Button type="submit" variant="primary" size="sm">
            {editing ? t`Save alert` : t`Add alert`}
          </Button>
          {editing && (
            <Button
              onClick={() => {
                setEditing(null);
                setText('');
              }}
            >
              <Trans>Cancel edit</Trans>
            </Button>
          )}
        </div>
        <p className="text-[11px] text-muted">
          <Trans>Alerts fire once, as a toast (and a sound or notification if on in Settings), while this app is open in a tab.</Trans>
        </p>
      </form>
      {sorted.length === 0 ? (
        <p className="text-muted">
          <Trans>No price alerts yet.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Your price alerts`} className="divide-y divide-line" data-testid="price-alert-list">
          {sorted.map((a) => {
            const d = a.symbol === symbol ? decimals : 2;
            const line = alertLine(a, show(a.price, d), i18n);
            const firedAt = a.firedAt === undefined ? '' : formatDateTime(a.firedAt);
            const firedPrice = show(a.firedPrice ?? null, d);
            const sym = a.symbol;
            return (
              <li key={a.id} className="flex items-center gap-2 py-1" data-testid="price-alert">
                <span className="w-20 shrink-0 font-medium">{a.symbol}</span>
                <span className="num flex-1">
                  <span aria-hidden="true">{a.direction === 'above' ? '▲ ' : '▼ '}</span>
                  {line}
                </span>
                <span className={a.firedAt === undefined ? 'text-accent' : 'text-muted'} data-testid="price-alert-state">
                  {a.firedAt === undefined ? t`Armed` : t`Fired ${firedAt} at ${firedPrice}`}
                </span>
                <Button onClick={() => startEdit(a)} aria-label={t`Edit ${sym} alert: ${line}`}>
                  <Trans>Edit</Trans>
                </Button>
                <Button
                  onClick={() => {
                    remove(a.id);
                    if (editing === a.id) setEditing(null);
                    focusPrice();
                  }}
                  aria-label={t`Delete ${sym} alert: ${line}`}
                >
                  <Trans>Delete</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
