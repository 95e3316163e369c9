import { connect } from 'node:net';
import { expect } from 'vitest';
import { signBody, type BodySigner } from '../../src/api/signing';
import type { Devnet } from '../devnet';
import type { Trader } from './harness';

/** What came back from one raw request: status, body text and the body as JSON when it is JSON. */
export interface Answer {
  status: number;
  text: string;
  json: unknown;
}

/** Counts every request a reliability suite sends, per endpoint, so its report can say how many. */
export class RequestCounter {
  readonly byEndpoint = new Map<string, number>();
  total = 0;

  add(endpoint: string, n = 1): void {
    this.total += n;
    this.byEndpoint.set(endpoint, (this.byEndpoint.get(endpoint) ?? 0) + n);
  }

  summary(): string {
    return [...this.byEndpoint].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k} ${v}`).join(', ');
  }
}

/** fetch that never throws for HTTP statuses and returns the body both as text and (if any) JSON. */
export async function probe(counter: RequestCounter | null, endpoint: string, url: string, init: RequestInit = {}): Promise<Answer> {
  counter?.add(endpoint);
  const res = await fetch(url, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

/** Sends raw bytes to host:port and returns the status line's code (0 when the server sent none). */
export function rawHttp(port: number, bytes: string | Buffer, timeoutMs = 3000): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    const done = () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks).toString('latin1');
      const [head = '', body = ''] = all.split('\r\n\r\n', 2);
      const m = /^HTTP\/1\.1 (\d{3})/.exec(head);
      resolve({ status: m ? Number(m[1]) : 0, head, body });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, timeoutMs);
    socket.on('data', (b: Buffer) => chunks.push(b));
    socket.on('close', done);
    socket.on('error', () => undefined);
  });
}

/**
 * A refusal as decisions.md "Errors" defines it: a 4xx status, a JSON body whose `code` equals the
 * status (so non-zero), a message that says something, and a request id.
 */
export function expectRefusal(a: Answer, what: string, statuses?: readonly number[]): void {
  const where = `${what} → ${a.status} ${a.text.slice(0, 300)}`;
  expect(a.status, where).toBeGreaterThanOrEqual(400);
  expect(a.status, where).toBeLessThan(500);
  if (statuses) expect(statuses, where).toContain(a.status);
  const body = a.json as { code?: unknown; message?: unknown; request_id?: unknown } | undefined;
  expect(body, where).toBeTypeOf('object');
  expect(body!.code, where).toBe(a.status);
  expect(body!.message, where).toBeTypeOf('string');
  expect((body!.message as string).length, where).toBeGreaterThan(3);
  expect(body!.request_id, where).toBeTypeOf('string');
}

/** Headers of a properly signed command for `body` (spec §5.2), with a bearer token. */
export async function signedHeaders(token: string, signer: BodySigner, body: string, opts: { timestamp?: number; requestId?: string } = {}) {
  return {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    ...(await signBody(signer, body, opts.timestamp ?? Date.now(), opts.requestId)),
  };
}

/**
 * Everything a trader could observe about their own money and orders (or a vault's, acting as its
 * owner), for before/after comparisons.
 */
export async function accountState(devnet: Devnet, t: Trader, vault?: string) {
  const auth: Record<string, string> = { authorization: `Bearer ${t.session.token}`, ...(vault ? { 'x-impersonate': vault } : {}) };
  const get = async (url: string) => {
    const res = await fetch(url, { headers: auth });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  const base = devnet.urls.baseUrl;
  return {
    balance: await get(`${base}/api/query_balance`),
    wallets: await get(`${base}/devnet/wallets`),
    openOrders: await get(`${base}/api/query_open_orders`),
    orders: await get(`${base}/api/query_orders?limit=500`),
    trades: await get(`${base}/api/query_trades?limit=500`),
    positions: await get(`${base}/api/query_positions`),
    funding: await get(`${base}/api/query_funding_history`),
    withdrawals: await get(`${devnet.urls.bridgeUrl}/devnet/withdrawals`),
  };
}
export type AccountState = Awaited<ReturnType<typeof accountState>>;
