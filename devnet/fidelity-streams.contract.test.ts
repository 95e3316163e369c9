/**
 * Issue 14 items 1 and 2: the market stream answers the way the public service does (decisions.md
 * "Streams"). Clients of the real service send these exact frames, so most tests speak raw `ws`; one
 * goes through the app's own `MarketStream` client.
 *
 *  1. User channels by subscription [doc]: after `{"auth":{"token":…}}` without `streams`, a client
 *     `subscribe`s `order`, `position`, `balance`, `trade` one by one and `unsubscribe`s them; it is
 *     pushed exactly the user channels it asked for (through `auth.streams` or `subscribe`); asking
 *     before auth gets an error frame and nothing is pushed.
 *  2. Wallet rows on `balance` [doc sample] carry the whole wallet record, each field computed exactly
 *     (devnet/engine/wallets.ts, "Wallet records", says what each means in the devnet). The channel
 *     pushes Perps Wallet rows only (decisions.md "Balance channel", issue #27); the Cash Wallet's
 *     record is checked as wallet-row.ts renders it from the engine.
 */
import { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/client';
import { walletRow, type NewOrderBody } from '../src/api/schemas';
import { MarketStream } from '../src/api/stream/market-stream';
import type { SocketFactory } from '../src/api/stream/socket';
import { D, dec } from '../src/lib/decimal';
import type { Devnet } from './devnet';
import { Exchange } from './engine';
import { T0, fund as fundEngine, limit as engineLimit, market as engineMarket } from './test-support/engine-fixtures';
import { renderWalletRow } from './streams/wallet-row';
import { bestPrice, fund, nodeSocket, signedInTrader, type Trader } from './test-support/harness';
import { withTwoFundedTraders } from './test-support/two-traders';

let devnet: Devnet;
let alice: Trader;
let bob: Trader;
const SYMBOL = 'BTC-USD';
const USER_CHANNELS = ['order', 'position', 'balance', 'trade'] as const;

withTwoFundedTraders((t) => ({ devnet, alice, bob } = t));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(cond: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(5);
  }
}

interface Frame {
  seq: number;
  channel: string;
  symbol?: string;
  data: Record<string, unknown>;
}

/** A raw client of the market stream, as a client of the real service would be. */
interface Raw {
  ws: WebSocket;
  frames: Frame[];
  send(msg: unknown): void;
  /** Resolves with the first frame from index `from` on that matches. */
  next(pred: (f: Frame) => boolean, what: string, from?: number): Promise<Frame>;
  /**
   * Waits until the devnet has handled everything sent before: it answers a sentinel in order, after
   * every push caused by an HTTP call that already returned. Returns the frames that came before.
   */
  barrier(): Promise<Frame[]>;
  close(): void;
}

let sentinels = 0;

function openRaw(): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(devnet.urls.streamUrl);
    const frames: Frame[] = [];
    ws.on('message', (d) => frames.push(JSON.parse(d.toString()) as Frame));
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        ws,
        frames,
        send: (msg) => ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg)),
        async next(pred, what, from = 0) {
          let hit: Frame | undefined;
          await until(() => (hit = frames.slice(from).find(pred)) !== undefined, what);
          return hit!;
        },
        async barrier() {
          const symbol = `SENTINEL-${++sentinels}`;
          ws.send(JSON.stringify({ subscribe: { channel: 'price', symbol } }));
          await until(() => frames.some((f) => f.channel === 'error' && String(f.data.msg).includes(symbol)), `sentinel ${symbol}`);
          const i = frames.findIndex((f) => f.channel === 'error' && String(f.data.msg).includes(symbol));
          return frames.slice(0, i);
        },
        close: () => ws.close(),
      }),
    );
  });
}

/** Sends `auth` and waits for its answer (code 200 expected unless said otherwise). */
async function auth(raw: Raw, body: Record<string, unknown>, code = 200): Promise<void> {
  const from = raw.frames.length;
  raw.send({ auth: body });
  const reply = await raw.next((f) => f.channel === 'auth', 'the auth reply', from);
  expect(reply.data).toMatchObject({ code });
}

const userFrames = (frames: Frame[]) => frames.filter((f) => (USER_CHANNELS as readonly string[]).includes(f.channel));
const channelsOf = (frames: Frame[]) => [...new Set(userFrames(frames).map((f) => f.channel))].sort();

async function priceInfo() {
  const [info] = await createApiClient({ urls: devnet.urls }).market.symbolInfo(SYMBOL);
  return info!;
}

/** 3 % under the best bid, on the tick grid: rests, far from any fill. */
async function farBid(): Promise<string> {
  const info = await priceInfo();
  const best = await bestPrice(createApiClient({ urls: devnet.urls }), SYMBOL, 'bid');
  return best.mul('0.97').toDecimalPlaces(info.price_tick_decimals, D.ROUND_FLOOR).toFixed(info.price_tick_decimals);
}

const restingBid = async (cl: string, qty = '0.001'): Promise<NewOrderBody> => ({
  symbol: SYMBOL,
  side: 'buy',
  order_type: 'limit',
  qty,
  price: await farBid(),
  time_in_force: 'gtc',
  reduce_only: false,
  cl_ord_id: cl,
});

const marketBuy = (qty = '0.001'): NewOrderBody => ({
  symbol: SYMBOL,
  side: 'buy',
  order_type: 'market',
  qty,
  time_in_force: 'ioc',
  reduce_only: false,
});

/** Something on every user channel of `t`: a resting order placed and canceled, then a small fill (closed again). */
async function activity(t: Trader, tag: string): Promise<void> {
  await t.api.trade.newOrder(await restingBid(`${tag}-rest`));
  await t.api.trade.cancelOrder({ cl_ord_id: `${tag}-rest` });
  await t.api.trade.newOrder(marketBuy());
  await t.api.trade.newOrder({ ...marketBuy(), side: 'sell', reduce_only: true });
}

// -------------------------------------------------------------------------------------------------

describe('user channels by subscription (issue 14 item 1)', () => {
  it('decisions.md "Streams" [doc]: auth without streams pushes no user channel at all until one is subscribed', async () => {
    const raw = await openRaw();
    try {
      await auth(raw, { token: alice.session.token });
      await activity(alice, 'quiet');
      const frames = await raw.barrier();
      expect(userFrames(frames)).toEqual([]);
    } finally {
      raw.close();
    }
  });

  it('decisions.md "Streams" [doc]: after auth each subscribed user channel is pushed, exactly those; unsubscribe stops one', async () => {
    const raw = await openRaw();
    try {
      await auth(raw, { token: alice.session.token });
      // order and trade only: position and balance were never asked for.
      raw.send({ subscribe: { channel: 'order' } });
      raw.send({ subscribe: { channel: 'trade' } });
      let mark = (await raw.barrier()).length;
      // No acknowledgement frame, as for public channels; order and trade have no snapshot to send.
      expect(raw.frames.slice(0, mark).map((f) => f.channel)).toEqual(['auth']);
      await activity(alice, 'two');
      let frames = (await raw.barrier()).slice(mark);
      expect(channelsOf(frames)).toEqual(['order', 'trade']);
      expect(frames.filter((f) => f.channel === 'order').map((f) => f.data.cl_ord_id)).toContain('two-rest');
      for (const f of userFrames(frames)) expect(f.data.user).toBe(alice.account);

      // Unsubscribe order: trades keep coming, orders stop.
      raw.send({ unsubscribe: { channel: 'order' } });
      mark = (await raw.barrier()).length;
      await activity(alice, 'one');
      frames = (await raw.barrier()).slice(mark);
      expect(channelsOf(frames)).toEqual(['trade']);

      // All four, then none.
      for (const channel of USER_CHANNELS) raw.send({ subscribe: { channel } });
      mark = (await raw.barrier()).length;
      await activity(alice, 'four');
      frames = (await raw.barrier()).slice(mark);
      expect(channelsOf(frames)).toEqual(['balance', 'order', 'position', 'trade']);
      for (const channel of USER_CHANNELS) raw.send({ unsubscribe: { channel } });
      mark = (await raw.barrier()).length;
      await activity(alice, 'none');
      expect(userFrames((await raw.barrier()).slice(mark))).toEqual([]);
      // Every frame of the socket kept one sequence.
      expect(raw.frames.map((f) => f.seq)).toEqual(raw.frames.map((_, i) => i + 1));
    } finally {
      raw.close();
    }
  });

  it('decisions.md "Streams" [doc]: a user channel asked for before auth gets an error frame and nothing is pushed, then or after a later auth', async () => {
    const raw = await openRaw();
    try {
      for (const channel of USER_CHANNELS) raw.send({ subscribe: { channel } });
      raw.send({ unsubscribe: { channel: 'order' } });
      raw.send({ subscribe: { channel: 'balance', symbol: SYMBOL } });
      const refused = await raw.barrier();
      expect(refused).toHaveLength(USER_CHANNELS.length + 2);
      for (const f of refused) {
        expect(f.channel).toBe('error');
        expect(f.data.code).toBe(401);
        expect(String(f.data.msg)).toMatch(/auth/);
      }
      await activity(alice, 'pre-auth');
      // A refused subscription is not remembered: auth alone still brings no user channel.
      await auth(raw, { token: alice.session.token });
      const mark = raw.frames.length;
      await activity(alice, 'post-auth');
      expect(userFrames((await raw.barrier()).slice(mark))).toEqual([]);
    } finally {
      raw.close();
    }
  });

  it('decisions.md "Streams" [doc]: a failed auth leaves user channels refused, and ends those of an earlier auth', async () => {
    const raw = await openRaw();
    try {
      await auth(raw, { token: 'not-a-token' }, 401);
      raw.send({ subscribe: { channel: 'order' } });
      const [refused] = (await raw.barrier()).slice(-1);
      expect(refused).toMatchObject({ channel: 'error', data: { code: 401 } });

      await auth(raw, { token: alice.session.token, streams: [{ channel: 'order' }] });
      await auth(raw, { token: 'not-a-token' }, 401);
      const mark = raw.frames.length;
      await activity(alice, 'after-failed');
      expect(userFrames((await raw.barrier()).slice(mark))).toEqual([]);
    } finally {
      raw.close();
    }
  });

  it('decisions.md "Streams" [doc]: auth.streams still selects channels, subscribe adds to them, and `auth` then `subscribe` sent back to back work', async () => {
    const raw = await openRaw();
    try {
      await auth(raw, { token: alice.session.token, streams: [{ channel: 'order' }, { channel: 'nonsense' }] });
      let mark = raw.frames.length;
      await activity(alice, 'streams');
      let frames = (await raw.barrier()).slice(mark);
      expect(channelsOf(frames)).toEqual(['order']);

      raw.send({ subscribe: { channel: 'position' } });
      mark = (await raw.barrier()).length;
      await activity(alice, 'streams-plus');
      frames = (await raw.barrier()).slice(mark);
      expect(channelsOf(frames)).toEqual(['order', 'position']);

      // A new auth starts over: its own streams (none here), then whatever is subscribed after it, even
      // when the subscribe is sent before the auth is answered (messages are handled in order).
      mark = raw.frames.length;
      raw.send({ auth: { token: alice.session.token } });
      raw.send({ subscribe: { channel: 'trade' } });
      await raw.next((f) => f.channel === 'auth', 'the second auth reply', mark);
      mark = (await raw.barrier()).length;
      expect(raw.frames.slice(0, mark).filter((f) => f.channel === 'error' && !String(f.data.msg).includes('SENTINEL'))).toEqual([]);
      await activity(alice, 'restart');
      frames = (await raw.barrier()).slice(mark);
      expect(channelsOf(frames)).toEqual(['trade']);
    } finally {
      raw.close();
    }
  });

  it('decisions.md "Streams" [doc]: a socket gets its own account’s channels only, and a vault’s when it impersonates one', async () => {
    const raw = await openRaw();
    const [vault] = await (await fetch(`${devnet.urls.baseUrl}/devnet/vaults`, { headers: { authorization: `Bearer ${bob.session.token}` } })).json() as string[];
    try {
      await auth(raw, { token: bob.session.token, impersonate: vault });
      raw.send({ subscribe: { channel: 'balance' } });
      raw.send({ subscribe: { channel: 'order' } });
      const rows = userFrames(await raw.barrier());
      expect(rows.map((f) => [f.channel, f.data.account_type, f.data.wallet_id, f.data.kind])).toEqual([['balance', 'perps', vault, 'vault']]);
      const mark = raw.frames.length;
      await activity(alice, 'other');
      await activity(bob, 'owner');
      expect(userFrames((await raw.barrier()).slice(mark))).toEqual([]);
    } finally {
      raw.close();
    }
  });

  it('decisions.md "Streams" [doc], through the app’s MarketStream: auth without streams, a subscribe per channel after the answer, again after a drop; fills, positions and balances arrive', async () => {
    const sent: unknown[] = [];
    const recording: SocketFactory = (url) => {
      const s = nodeSocket(url);
      const send = s.send.bind(s);
      s.send = (data: string) => {
        sent.push(JSON.parse(data));
        send(data);
      };
      return s;
    };
    const invalid: string[] = [];
    const stream = new MarketStream({ url: devnet.urls.streamUrl, createSocket: recording, onInvalid: (e) => invalid.push(e) });
    const got: Record<string, unknown[]> = { order: [], position: [], balance: [], trade: [] };
    const offs = [
      stream.onUser('order', (o) => got.order!.push(o)),
      stream.onUser('position', (p) => got.position!.push(p)),
      stream.onUser('balance', (w) => got.balance!.push(w)),
      stream.onUser('trade', (t) => got.trade!.push(t)),
    ];
    const auths: boolean[] = [];
    stream.onAuth((ok) => auths.push(ok));
    try {
      await until(() => stream.status === 'open', 'the stream to open');
      stream.authenticate({ token: alice.session.token });
      await until(() => auths.length === 1, 'auth');
      expect(auths).toEqual([true]);
      expect(sent[0]).toEqual({ auth: { token: alice.session.token } });
      expect(sent.slice(1)).toEqual(USER_CHANNELS.map((channel) => ({ subscribe: { channel } })));
      // The balance subscription is answered with the Perps Wallet row, in the full record.
      await until(() => got.balance!.length >= 1, 'the wallet row');
      for (const w of got.balance!) expect(Object.keys(w as object).sort()).toEqual([...WALLET_FIELDS].sort());

      await alice.api.trade.newOrder(marketBuy());
      await until(() => got.trade!.length > 0 && got.position!.length > 0 && got.order!.length > 0 && got.balance!.length > 1, 'the fill');

      // A drop: the client reconnects, authenticates again and subscribes again.
      const before = sent.length;
      stream.drop();
      await until(() => auths.length === 2, 're-auth after the reconnect', 10_000);
      expect(sent.slice(before)).toEqual([{ auth: { token: alice.session.token } }, ...USER_CHANNELS.map((channel) => ({ subscribe: { channel } }))]);
      const trades = got.trade!.length;
      const positions = got.position!.length;
      await alice.api.trade.newOrder({ ...marketBuy(), side: 'sell', reduce_only: true });
      await until(() => got.trade!.length > trades && got.position!.length > positions, 'the closing fill after the reconnect');

      // The last handler of a channel gone: the client unsubscribes it.
      offs[0]!();
      expect(sent.at(-1)).toEqual({ unsubscribe: { channel: 'order' } });
      expect(invalid).toEqual([]);
    } finally {
      for (const off of offs.slice(1)) off();
      stream.close();
    }
  });
});

// -------------------------------------------------------------------------------------------------

/** decisions.md "Streams" [doc sample]: the wallet record's fields. */
const WALLET_FIELDS = [
  'account_type', 'created_at', 'free', 'id', 'inbound', 'is_enabled', 'kind', 'last_tx', 'last_tx_updated_at', 'locked',
  'occupied', 'outbound', 'ref_id', 'token', 'total', 'updated_at', 'version', 'wallet_id',
] as const;
const MONEY = ['free', 'inbound', 'locked', 'occupied', 'outbound', 'total'] as const;
const INTS = ['last_tx_updated_at', 'ref_id', 'version'] as const;

type Row = Record<(typeof WALLET_FIELDS)[number], unknown>;

function expectFullRecord(row: Record<string, unknown>): asserts row is Row {
  expect(Object.keys(row).sort()).toEqual([...WALLET_FIELDS].sort());
  for (const k of MONEY) expect(row[k], k).toMatch(/^-?\d+(\.\d+)?$/);
  for (const k of INTS) expect(Number.isInteger(row[k]), `${k} is a JSON integer`).toBe(true);
  for (const k of ['id', 'kind', 'last_tx', 'wallet_id', 'account_type', 'token'] as const) expect(typeof row[k], k).toBe('string');
  expect(row.is_enabled).toBe(true);
  expect(row.token).toBe('DUSD');
  for (const k of ['created_at', 'updated_at'] as const) expect(row[k], k).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  // total is what came in minus what went out.
  expect(dec(row.total as string).eq(dec(row.inbound as string).minus(row.outbound as string)), 'total = inbound − outbound').toBe(true);
  // The app's schema reads it.
  expect(walletRow.safeParse(row).success).toBe(true);
}

describe('wallet rows on the balance channel (issue 14 item 2)', () => {
  it('decisions.md "Streams" [doc sample]: every row carries the whole wallet record, money as decimal strings and version, ref_id, last_tx_updated_at as integers', async () => {
    const raw = await openRaw();
    try {
      await auth(raw, { token: alice.session.token, streams: [{ channel: 'balance' }] });
      raw.send({ subscribe: { channel: 'balance' } });
      const pushedRows = userFrames(await raw.barrier()).map((f) => f.data);
      // auth.streams sends the Perps row, and so does the subscribe; the Cash row is never pushed.
      expect(pushedRows.map((r) => r.account_type)).toEqual(['perps', 'perps']);
      expect(pushedRows[1]).toEqual(pushedRows[0]);
      const perps = pushedRows[0] as Row;
      const cash = renderWalletRow(devnet.ledger.exchange.walletRecords(alice.account).cash) as unknown as Row;
      expect(cash.account_type).toBe('spot');
      for (const r of [cash, perps]) {
        expectFullRecord(r);
        expect(r.wallet_id).toBe(alice.account);
        expect(r.kind).toBe('user');
      }
      expect(cash.ref_id).toBe(Number(perps.id));
      expect(perps.ref_id).toBe(Number(cash.id));
      expect(cash.id).not.toBe(perps.id);
      // Exactly the live wallet (GET /devnet/wallets) where no mark move intervenes: cash always.
      const live = devnet.ledger.exchange.wallets(alice.account);
      expect([cash.free, cash.locked, cash.total]).toEqual([live.cash.free, live.cash.locked, live.cash.total]);
      expect(perps.total).toBe(live.perps.total);
      expect(cash.occupied).toBe('0');
    } finally {
      raw.close();
    }
  });

  it('decisions.md "Streams" [doc sample]: version +1 per change, pushed once each; inbound/outbound cumulative; last_tx one id per movement, shared by both sides of a transfer; occupied = margins + order locks', async () => {
    const carol = await signedInTrader(devnet);
    const raw = await openRaw();
    const pushed = () => userFrames(raw.frames).filter((f) => f.channel === 'balance').map((f) => f.data as Row);
    const latest = (type: string) => pushed().filter((r) => r.account_type === type).at(-1)!;
    /** The Cash Wallet's record (not pushed: the app reads it over HTTP), as wallet-row.ts renders it. */
    const cashRow = () => renderWalletRow(devnet.ledger.exchange.walletRecords(carol.account).cash) as unknown as Row;
    try {
      await auth(raw, { token: carol.session.token });
      raw.send({ subscribe: { channel: 'balance' } });
      await raw.barrier();
      // A new account: version 0, nothing moved yet, created when it signed in.
      for (const r of [cashRow(), latest('perps')]) {
        expectFullRecord(r);
        expect([r.version, r.inbound, r.outbound, r.total, r.last_tx, r.last_tx_updated_at]).toEqual([0, '0', '0', '0', '', 0]);
        expect(r.updated_at).toBe(r.created_at);
      }
      const step = async (what: () => Promise<unknown>) => {
        const n = pushed().length;
        await what();
        await raw.barrier();
        return pushed().slice(n);
      };

      // A deposit (the faucet): the Cash Wallet only, so nothing is pushed.
      let rows = await step(() => fund(devnet, carol, '1000', '0'));
      expect(rows).toEqual([]);
      const deposit = cashRow();
      expect([deposit.account_type, deposit.version, deposit.inbound, deposit.outbound, deposit.total, deposit.free, deposit.locked]).toEqual(['spot', 1, '1000', '0', '1000', '1000', '0']);
      expect(deposit.last_tx).not.toBe('');
      expect(deposit.last_tx_updated_at).toBe(Date.parse(deposit.updated_at as string));

      // Cash → Perps: one movement, out of one wallet and into the other.
      // Only the Perps side is pushed; the Cash side is the engine's record.
      rows = await step(() => carol.api.wallet.transferToPerps({ amount: '400' }));
      const row = (r: Row) => [r.account_type, r.version, r.inbound, r.outbound, r.total];
      expect(rows.map(row)).toEqual([['perps', 1, '400', '0', '400']]);
      expect(row(cashRow())).toEqual(['spot', 2, '1000', '400', '600']);
      expect(rows[0]!.last_tx).toBe(cashRow().last_tx);
      expect(Number(rows[0]!.last_tx)).toBeGreaterThan(Number(deposit.last_tx));
      const transferTx = rows[0]!.last_tx;

      // Perps → Cash.
      rows = await step(() => carol.api.wallet.transferToSpot({ amount: '150.5' }));
      expect(rows.map(row)).toEqual([['perps', 2, '400', '150.5', '249.5']]);
      expect(row(cashRow())).toEqual(['spot', 3, '1150.5', '400', '750.5']);
      expect(cashRow().last_tx).toBe(rows[0]!.last_tx);
      expect(rows[0]!.last_tx).not.toBe(transferTx);

      // A resting order: money moves from free to held, nothing in or out: a version, no movement.
      const lastTx = rows[0]!.last_tx;
      rows = await step(async () => carol.api.trade.newOrder(await restingBid('carol-rest', '0.01')));
      let bal = await carol.api.user.queryBalance();
      expect(rows).toHaveLength(1);
      let p = rows[0]!;
      expect([p.account_type, p.version, p.total, p.inbound, p.outbound, p.last_tx]).toEqual(['perps', 3, '249.5', '400', '150.5', lastTx]);
      expect(dec(bal.locked).gt(0)).toBe(true);
      expect(p.occupied).toBe(bal.locked);
      expect(p.free).toBe(dec('249.5').minus(bal.locked).toString());
      expect(p.locked).toBe(bal.locked);

      // Canceled: back to all free.
      rows = await step(() => carol.api.trade.cancelOrder({ cl_ord_id: 'carol-rest' }));
      expect(rows.map((r) => [r.account_type, r.version, r.free, r.locked, r.occupied, r.total])).toEqual([['perps', 4, '249.5', '0', '0', '249.5']]);

      // A fill: the fee goes out (an opening fill realizes nothing); the position's margin is occupied.
      rows = await step(() => carol.api.trade.newOrder(marketBuy('0.001')));
      expect(rows).toHaveLength(1);
      p = rows[0]!;
      const [fill] = (await carol.api.user.queryTrades({ symbol: SYMBOL })).result;
      bal = await carol.api.user.queryBalance();
      expect(p.version).toBe(5);
      expect(p.outbound).toBe(dec('150.5').plus(fill!.fee_qty).toString());
      expect(p.inbound).toBe('400');
      expect(p.total).toBe(bal.balance);
      expect(p.occupied).toBe(dec(bal.cross_margin).plus(bal.isolated_balance).plus(bal.locked).toString());
      expect(Number(p.last_tx)).toBeGreaterThan(Number(lastTx));
      expect(p.last_tx_updated_at).toBe(Date.parse(p.updated_at as string));

      // Nothing changed, nothing pushed: a refused order, a cancel of nothing.
      rows = await step(async () => {
        await carol.api.trade.newOrder({ ...marketBuy('1000') }).catch(() => undefined);
        await carol.api.trade.cancelOrder({ cl_ord_id: 'no-such-order' }).catch(() => undefined);
      });
      expect(rows).toEqual([]);

      // Perps rows only, and the versions seen by this socket had no gaps.
      expect(pushed().every((r) => r.account_type === 'perps')).toBe(true);
      const versions = pushed().map((r) => r.version as number);
      expect(versions).toEqual(versions.map((_, i) => i));
      // And the record is the engine's, rendered once (the one the socket holds last is current).
      expect(renderWalletRow(devnet.ledger.exchange.walletRecords(carol.account).perps)).toEqual(latest('perps'));
      await carol.api.trade.newOrder({ ...marketBuy('0.001'), side: 'sell', reduce_only: true });
    } finally {
      raw.close();
    }
  });

  it('decisions.md "Streams" [doc sample]: versions, movements and ids survive a snapshot and restore, and continue from there', () => {
    const ex = devnet.ledger.exchange;
    const restored = Exchange.restore(ex.snapshot(), { makers: false });
    for (const t of [alice, bob]) expect(restored.walletRecords(t.account)).toEqual(ex.walletRecords(t.account));
    const before = restored.walletRecords(alice.account);
    expect(restored.transferToSpot(alice.account, '1').ok).toBe(true);
    const after = restored.walletRecords(alice.account);
    expect(after.perps.version).toBe(before.perps.version + 1);
    expect(after.cash.version).toBe(before.cash.version + 1);
    expect(after.cash.lastTx).toBe(after.perps.lastTx);
    expect(after.cash.lastTx).toBeGreaterThan(Math.max(before.cash.lastTx, before.perps.lastTx));
    expect(after.cash.id).toBe(before.cash.id);
  });

  it('decisions.md "Streams" [doc sample]: a snapshot from before wallet records gives every account version 0 with what it holds as inbound', () => {
    const ex = new Exchange({ startTime: T0, seed: 3, historyDays: 0 });
    for (const u of ['bsc_0xa', 'bsc_0xb']) fundEngine(ex, u, '1000');
    const image = JSON.parse(ex.snapshot()) as { seq: Record<string, unknown>; accounts: Record<string, unknown>[] };
    delete image.seq.wallet;
    delete image.seq.walletTx;
    for (const a of image.accounts) delete a.wallets;
    const restored = Exchange.restore(JSON.stringify(image));
    const ids = new Set<number>();
    for (const u of ['bsc_0xa', 'bsc_0xb']) {
      const w = restored.walletRecords(u);
      for (const r of [w.cash, w.perps]) {
        expect([r.version, r.lastTx, r.outbound]).toEqual([0, 0, 0n]);
        expect(r.inbound).toBe(r.total);
        ids.add(r.id);
      }
      expect(renderWalletRow(w.perps).total).toBe('1000');
    }
    expect(ids.size).toBe(4);
  });

  it('decisions.md "Streams" [doc sample]: over a random session with makers, fills, funding and liquidations every record stays exact (total = the live wallet’s, inbound − outbound = total, one version per pushed change)', () => {
    const ex = new Exchange({ startTime: T0, seed: 11, historyDays: 0 });
    const users = ['bsc_0x1', 'bsc_0x2', 'bsc_0x3'];
    const risky = 'bsc_0x4';
    const pushes = new Map<string, number[]>();
    ex.watchUsers(() => true);
    ex.on((e) => {
      if (e.type !== 'balance') return;
      const key = `${e.user}|${e.wallet.type}`;
      pushes.set(key, [...(pushes.get(key) ?? []), e.wallet.version]);
    });
    for (const u of users) fundEngine(ex, u, '3000');
    fundEngine(ex, risky, '600');
    let seed = 5;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 400; i++) {
      const now = T0 + i * 400;
      const u = users[Math.floor(rnd() * users.length)]!;
      const side = rnd() < 0.5 ? 'buy' : 'sell';
      const r = rnd();
      const mark = ex.symbolPrice(SYMBOL);
      const m = Number(mark.ok ? mark.value.mark_price : '0');
      if (i === 0) {
        // 20× long, then the index falls 8 %: liquidated (the house takes the position, insurance the deficit).
        expect(ex.changeLeverage(risky, SYMBOL, 20, now).ok).toBe(true);
        expect(ex.newOrder(risky, engineMarket('buy', '0.1'), now).ok).toBe(true);
      } else if (i === 1) ex.setIndexPrice(SYMBOL, (m * 0.92).toFixed(2), now);
      else if (r < 0.3) ex.newOrder(u, engineMarket(side, (0.001 * (1 + Math.floor(rnd() * 30))).toFixed(3), { reduce_only: rnd() < 0.3 }), now);
      else if (r < 0.55) ex.newOrder(u, engineLimit(side, '0.01', (m * (side === 'buy' ? 0.99 : 1.01)).toFixed(2)), now);
      else if (r < 0.65) {
        const open = ex.queryOpenOrders(u).result;
        if (open[0]) ex.cancelOrder(u, { order_id: open[0].id }, now);
      } else if (r < 0.72) ex.transferToSpot(u, '5');
      else if (r < 0.78) ex.transferToPerps(u, '3');
      else if (r < 0.8) ex.setIndexPrice(SYMBOL, (m * (rnd() < 0.5 ? 0.9 : 1.1)).toFixed(2), now);
      else ex.advance(now + 3_600_000 * (rnd() < 0.05 ? 1 : 0));
      for (const v of [...users, risky]) {
        const rec = ex.walletRecords(v);
        const live = ex.wallets(v);
        expect(renderWalletRow(rec.cash).total, `${v} cash total after step ${i}`).toBe(live.cash.total);
        expect(renderWalletRow(rec.perps).total, `${v} perps total after step ${i}`).toBe(live.perps.total);
        for (const w of [rec.cash, rec.perps]) {
          expect(w.inbound >= 0n && w.outbound >= 0n).toBe(true);
          expect(w.total).toBe(w.inbound - w.outbound);
        }
      }
    }
    expect(ex.audit().ok).toBe(true);
    expect(ex.queryOrders(risky, { limit: 500 }).result.some((o) => o.source === 'liquidation')).toBe(true);
    expect(ex.queryFundingHistory(users[0]!).length + ex.queryFundingHistory(users[1]!).length + ex.queryFundingHistory(users[2]!).length).toBeGreaterThan(0);
    for (const [key, versions] of pushes) {
      expect(versions, key).toEqual(versions.map((_, i) => i + 1));
      const [user, type] = key.split('|') as [string, 'spot' | 'perps'];
      const rec = ex.walletRecords(user);
      expect((type === 'spot' ? rec.cash : rec.perps).version, key).toBe(versions.at(-1));
    }
  });

  it('the app’s walletRow schema: reads the full record, tolerates a row without the extras and with fields of its own, refuses a wrong type', () => {
    const full = renderWalletRow(devnet.ledger.exchange.walletRecords(alice.account).perps);
    expect(walletRow.parse(full)).toEqual(full);
    const bare = { account_type: 'perps', token: 'DUSD', free: '1', locked: '0', total: '1' };
    expect(walletRow.safeParse(bare).success).toBe(true);
    expect(walletRow.safeParse({ ...full, margin_ratio: '0.1', something: { nested: true } }).success).toBe(true);
    expect(walletRow.safeParse({ ...full, version: '3' }).success).toBe(false);
    expect(walletRow.safeParse({ ...full, inbound: 12.5 }).success).toBe(false);
    expect(walletRow.safeParse({ ...full, last_tx_updated_at: 1.5 }).success).toBe(false);
  });
});
