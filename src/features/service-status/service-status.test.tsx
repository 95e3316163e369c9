// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStreams, type AppStreams } from '../../api/stream/app-streams';
import { renderWithApi, type RenderedPanel } from '../../api/testing/render-with-api';
import { FakeSocket } from '../../testing/fake-socket';
import { ServiceStatus } from './service-status';

let panel: RenderedPanel | null = null;
let streams: AppStreams | null = null;
afterEach(() => {
  panel?.unmount();
  streams?.close();
  vi.useRealTimers();
});

function mount() {
  const sockets: FakeSocket[] = [];
  streams = createAppStreams({ streamUrl: 'ws://x/ws-stream/v1', orderStreamUrl: 'ws://x/ws-api/v1' }, (url) => {
    const s = new FakeSocket(url);
    sockets.push(s);
    return s;
  });
  panel = renderWithApi(
    <I18nProvider i18n={i18n}>
      <ServiceStatus />
    </I18nProvider>,
    () => undefined, streams);
  const latest = (path: string) => sockets.filter((s) => s.url.endsWith(path)).at(-1)!;
  const words = (name: 'market' | 'orders') => panel!.container.querySelector(`[data-testid=stream-state-${name}]`)?.textContent;
  return { streams, latest, words };
}

describe('the header says what each stream is doing', () => {
  it('live once open; a hung market stream (no frame past the bound) is stale, not "Connected"; a closed one reconnecting', () => {
    vi.useFakeTimers();
    const { streams: s, latest, words } = mount();
    const off = s.market.subscribe('price', 'BTC-USD', () => undefined);
    expect(words('market')).toBe('Market connecting');
    act(() => {
      latest('/ws-stream/v1').open();
      latest('/ws-api/v1').open();
    });
    expect(words('market')).toBe('Market live');
    expect(words('orders')).toBe('Orders live');
    act(() => vi.advanceTimersByTime(6_000));
    expect(words('market')).toBe('Market stale');
    expect(words('orders')).toBe('Orders live'); // idle: it owes nothing
    act(() => latest('/ws-stream/v1').close());
    expect(words('market')).toBe('Market reconnecting');
    off();
  });
});
