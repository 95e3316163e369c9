/**
 * A test's handle on its own sockets in the stream relay (stream-relay.ts): `relayFor(context)` tags
 * the browser context with a cookie of its own before the page opens anything, so whatever this test
 * cuts or withholds touches only its sockets, never a test running beside it.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { PORTS } from './ports';
import { RELAY_COOKIE, type RelayCounts, type RelayOrder, type StreamName } from './stream-relay';

export type { RelayCounts, StreamName };

export interface RelayHandle {
  readonly tag: string;
  /** The network drops for these streams: their sockets close (4000) and reconnects are refused. */
  cut(...streams: StreamName[]): Promise<RelayCounts>;
  /** The exchange hangs on these streams: sockets stay open, nothing passes either way. */
  hang(...streams: StreamName[]): Promise<RelayCounts>;
  /** The network and the exchange are back for these streams: frames and reconnects go through again. */
  restore(...streams: StreamName[]): Promise<RelayCounts>;
  /** The exchange's frames on these channels no longer reach the page ([]: all reach it again). */
  withhold(channels: string[], ...streams: StreamName[]): Promise<RelayCounts>;
  /** New sockets go to this devnet (`ws://127.0.0.1:<base>`), or back to the run's (null). */
  target(url: string | null): Promise<RelayCounts>;
  counts(): Promise<RelayCounts>;
}

const RELAY = `http://127.0.0.1:${PORTS.relay}/relay`;

async function send(tag: string, init?: { body: RelayOrder }): Promise<RelayCounts> {
  const res = await fetch(`${RELAY}/${tag}`, init ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) } : undefined);
  if (!res.ok) throw new Error(`stream relay ${init ? 'POST' : 'GET'} /relay/${tag}: ${res.status} ${await res.text()}`);
  return (await res.json()) as RelayCounts;
}

const which = (streams: StreamName[]) => (streams.length ? { streams } : {});

/** Tags `context` for the relay; call it before the page opens its streams. */
export async function relayFor(context: BrowserContext): Promise<RelayHandle> {
  const tag = randomUUID();
  // Cookies are per host, not per port: the app's page on its port and its worker both send this one
  // in their stream handshakes to the relay's port.
  await context.addCookies([{ name: RELAY_COOKIE, value: tag, domain: '127.0.0.1', path: '/' }]);
  return {
    tag,
    cut: (...streams) => send(tag, { body: { ...which(streams), down: true } }),
    hang: (...streams) => send(tag, { body: { ...which(streams), hung: true } }),
    restore: (...streams) => send(tag, { body: { ...which(streams), down: false, hung: false } }),
    withhold: (channels, ...streams) => send(tag, { body: { ...which(streams), dropChannels: channels } }),
    target: (url) => send(tag, { body: { target: url } }),
    counts: () => send(tag),
  };
}
