// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiProvider } from '../../api/react';
import type { Order, Position } from '../../api/schemas';
import { dec } from '../../lib/decimal';
import { useToasts } from '../../stores/toasts';
import { mountEachTest } from '../../testing/mount-each-test';
import { localExchangeEachFile } from '../../trading/testing/local-exchange';
import { PositionTpslEditor } from './position-tpsl-editor';

// The position TP/SL editor against an exchange over real HTTP that does not offer position TP/SL:
// it refuses the qty-0 order as too small, and the editor must say so and keep what was typed.

const received: Record<string, unknown>[] = [];
const exchange = localExchangeEachFile((req, reply) => {
  received.push(JSON.parse(req.text) as Record<string, unknown>);
  reply.send(400, { code: 400, message: 'qty must be positive', request_id: 'r' });
});

const view = mountEachTest();

// A long of 0.5 BTC at 95,000 (margin 4,750), mark 95,500, price tick 0.1; a whole-position TP at 97,000 rests.
const position = { id: 1, symbol: 'BTC-USD', qty: '0.5', entry_price: '95000', initial_margin: '4750', mark_price: '95500' } as Position;
const tp = {
  id: 7, cl_ord_id: 'tp-7', symbol: 'BTC-USD', side: 'sell', qty: '0', fill_qty: '0', price: '97000', status: 'untriggered', source: 'tp', reduce_only: true, order_type: 'market',
} as Order;

function open() {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  view.render(
    <QueryClientProvider client={qc}>
      <ApiProvider client={exchange.api} config={exchange.config}>
        <PositionTpslEditor position={position} decimals={{ price: 1, qty: 3, base: 'BTC' }} mark={dec('95500')} openOrders={[tp]} headroom={dec('0.5')} onDone={() => undefined} />
      </ApiProvider>
    </QueryClientProvider>,
  );
}
const input = (label: string) => view.container.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
function type(label: string, text: string) {
  const el = input(label);
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, text);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const text = (testId: string) => view.container.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';

describe('position TP/SL editor', () => {
  it('shows the TP that is set; a loss % typed for the stop shows its trigger and expected PnL', () => {
    open();
    expect(input('Take profit Trigger').value).toBe('97000.0');
    expect(text('tpsl-tp-expected')).toContain('+1,000.00 USD');
    type('Stop loss Loss %', '10');
    expect(input('Stop loss Trigger').value).toBe('94050.0');
    expect(input('Stop loss Loss USD').value).toBe('475.00');
    expect(text('tpsl-sl-expected')).toContain('-475.00 USD');
    expect(input('Stop loss Loss %').value).toBe('10');
  });

  it('a trigger on the wrong side of the mark is refused next to its field, kept as typed', () => {
    open();
    type('Stop loss Trigger', '96000');
    expect(text('tpsl-sl')).toContain("A long's stop loss must be below the mark 95,500.0");
    expect(input('Stop loss Trigger').value).toBe('96000');
    const save = [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Save TP/SL')!;
    expect(save.disabled).toBe(true);
  });

  it('a service that refuses qty 0: says position TP/SL is not offered, keeps the values, offers the limit take profit', async () => {
    useToasts.setState({ toasts: [] });
    open();
    type('Stop loss Loss %', '10');
    const save = [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Save TP/SL')!;
    await act(async () => {
      save.click();
      await new Promise((r) => setTimeout(r, 200));
    });
    expect(received.at(-1)).toMatchObject({ qty: '0', reduce_only: true, order_type: 'market', time_in_force: 'ioc', side: 'sell', tp_price: '97000', sl_price: '94050' });
    expect(text('tpsl-unsupported')).toContain('Position TP/SL is not offered by this service');
    expect(text('tpsl-unsupported')).toContain('qty must be positive');
    expect(text('tpsl-unsupported')).toContain('reduce-only limit for 0.500 BTC at 97,000.0');
    expect(input('Stop loss Loss %').value).toBe('10');
    expect(input('Take profit Trigger').value).toBe('97000.0');
  });
});
