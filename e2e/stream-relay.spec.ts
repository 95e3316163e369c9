import type { IncomingMessage } from 'node:http';
import { expect, test } from '@playwright/test';
import WebSocket, { WebSocketServer } from 'ws';
import { startStreamRelay, type RelayCounts, type StreamRelay } from './support/stream-relay';

// The stream relay (e2e/support/stream-relay.ts) sits in every e2e page's streams, so it must be
// invisible unless a test asks otherwise, and what one test asks must not touch another's sockets.
// Here it runs on a free port in front of a small exchange stand-in of this spec's own (no browser).

interface Exchange {
  url: string;
  /** Every socket the exchange accepted, with its handshake. */
  sockets: { ws: WebSocket; req: IncomingMessage }[];
  close(): Promise<void>;
}

/** A WebSocket server standing in for the devnet's streams; it answers `echo:…` with the same text. */
function exchange(): Promise<Exchange> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const sockets: Exchange['sockets'] = [];
  wss.on('connection', (ws, req) => {
    sockets.push({ ws, req });
    ws.on('message', (data, isBinary) => {
      if (!isBinary && String(data).startsWith('echo:')) ws.send(String(data));
    });
  });
  return new Promise((resolve) =>
    wss.on('listening', () =>
      resolve({
        url: `ws://127.0.0.1:${(wss.address() as { port: number }).port}`,
        sockets,
        close: () =>
          new Promise((done) => {
            for (const c of wss.clients) c.terminate();
            wss.close(() => done());
          }),
      }),
    ),
  );
}

let relay: StreamRelay;
let devnet: Exchange;
test.beforeEach(async () => {
  devnet = await exchange();
  relay = await startStreamRelay({ port: 0, target: devnet.url });
});
test.afterEach(async () => {
  await relay.close();
  await devnet.close();
});

const relayUrl = (path: string) => `ws://127.0.0.1:${relay.port}${path}`;

/** A page's socket through the relay, its cookie naming `tag`; resolves once open. */
function open(path: string, tag?: string): Promise<WebSocket> {
  const ws = new WebSocket(relayUrl(path), { headers: tag ? { cookie: `theme=dark; e2e-relay=${tag}` } : {} });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** How a handshake through the relay fails: the status the page got. */
function refusal(path: string, tag?: string): Promise<number> {
  const ws = new WebSocket(relayUrl(path), { headers: tag ? { cookie: `e2e-relay=${tag}` } : {} });
  return new Promise((resolve, reject) => {
    ws.once('open', () => reject(new Error('the handshake went through')));
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', () => undefined);
  });
}

function next(ws: WebSocket): Promise<{ data: string; isBinary: boolean }> {
  return new Promise((resolve) => ws.once('message', (data, isBinary) => resolve({ data: String(data), isBinary })));
}

function closed(ws: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
}

async function control(tag: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`http://127.0.0.1:${relay.port}/relay/${tag}`, body === undefined ? undefined : { method: 'POST', body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: res.headers.get('content-type') === 'application/json' ? JSON.parse(text) : text };
}

const counts = async (tag: string) => (await control(tag)).body as RelayCounts;

test('frames pass both ways as they were sent (text stays text, binary stays binary), path and query kept', async () => {
  const page = await open('/ws-stream/v1?listenKey=abc');
  expect(devnet.sockets.map((s) => s.req.url)).toEqual(['/ws-stream/v1?listenKey=abc']);
  const server = devnet.sockets[0]!.ws;

  const atServer = next(server);
  page.send('{"subscribe":{"channel":"ticker"}}');
  expect(await atServer).toEqual({ data: '{"subscribe":{"channel":"ticker"}}', isBinary: false });
  const binaryAtServer = next(server);
  page.send(Buffer.from([1, 2, 3]));
  expect((await binaryAtServer).isBinary).toBe(true);

  const atPage = next(page);
  server.send('{"channel":"ticker","data":{}}');
  expect(await atPage).toEqual({ data: '{"channel":"ticker","data":{}}', isBinary: false });
  const binaryAtPage = next(page);
  server.send(Buffer.from('raw'));
  expect(await binaryAtPage).toEqual({ data: 'raw', isBinary: true });

  // The exchange's ping reaches the page and the page's pong the exchange: liveness is end to end.
  const pinged = new Promise((r) => page.once('ping', (d) => r(String(d))));
  const ponged = new Promise((r) => server.once('pong', (d) => r(String(d))));
  server.ping('are you there');
  expect(await pinged).toBe('are you there');
  expect(await ponged).toBe('are you there');
});

test("a close keeps its code and reason either way; an exchange that dies takes the page's socket down abnormally", async () => {
  const page = await open('/ws-api/v1');
  const pageClosed = closed(page);
  devnet.sockets[0]!.ws.close(1008, 'slow consumer');
  expect(await pageClosed).toEqual({ code: 1008, reason: 'slow consumer' });

  const page2 = await open('/ws-api/v1');
  const serverClosed = closed(devnet.sockets[1]!.ws);
  page2.close(4000, 'dropped');
  expect(await serverClosed).toEqual({ code: 4000, reason: 'dropped' });

  const page3 = await open('/ws-stream/v1');
  const page3Closed = closed(page3);
  devnet.sockets[2]!.ws.terminate();
  expect((await page3Closed).code).toBe(1006);
});

test('a refused or unreachable exchange is a failed handshake for the page, as without the relay', async () => {
  const refusing = new WebSocketServer({ port: 0, host: '127.0.0.1', verifyClient: (_i, done) => done(false, 429, 'Too Many Requests') });
  await new Promise((r) => refusing.on('listening', r));
  const tag = 'refused-exchange';
  await control(tag, { target: `ws://127.0.0.1:${(refusing.address() as { port: number }).port}` });
  expect(await refusal('/ws-stream/v1', tag)).toBe(429);
  refusing.close();

  await control(tag, { target: 'ws://127.0.0.1:9' }); // nothing listens there
  expect(await refusal('/ws-stream/v1', tag)).toBe(502);
  expect((await counts(tag)).market).toMatchObject({ failed: 2, opened: 0, live: 0 });
});

/** Whether a page socket still reaches the exchange and hears back. */
async function stillRelays(ws: WebSocket) {
  const heard = next(ws);
  ws.send('echo:still there?');
  return (await heard).data === 'echo:still there?';
}

test("down closes only that test's sockets of that stream with 4000 and refuses its reconnects until it is back", async () => {
  const mine = await open('/ws-stream/v1', 'mine');
  const myOrders = await open('/ws-api/v1', 'mine');
  const theirs = await open('/ws-stream/v1', 'theirs');
  const untagged = await open('/ws-stream/v1');
  expect((await counts('mine')).market).toMatchObject({ live: 1, opened: 1 });

  const mineClosed = closed(mine);
  const exchangeSide = closed(devnet.sockets[0]!.ws);
  expect((await control('mine', { streams: ['market'], down: true })).status).toBe(200);
  expect(await mineClosed).toEqual({ code: 4000, reason: 'network down' });
  await exchangeSide; // the exchange lets go of it too (no socket left holding a connection slot)
  expect(await refusal('/ws-stream/v1', 'mine')).toBe(503);
  expect(await counts('mine')).toMatchObject({ market: { live: 0, opened: 1, refused: 1 }, orders: { live: 1, refused: 0 } });

  // Nobody else's socket noticed, nor this test's order stream, and others still connect.
  for (const ws of [myOrders, theirs, untagged]) expect(await stillRelays(ws)).toBe(true);
  expect(await stillRelays(await open('/ws-stream/v1', 'theirs'))).toBe(true);

  await control('mine', { streams: ['market'], down: false });
  expect(await stillRelays(await open('/ws-stream/v1', 'mine'))).toBe(true);
  expect((await counts('mine')).market).toMatchObject({ live: 1, opened: 2, refused: 1 });
});

test("withheld channels never reach that test's page; every other frame and every other test's do", async () => {
  const mine = await open('/ws-stream/v1', 'mine');
  const theirs = await open('/ws-stream/v1', 'theirs');
  await control('mine', { dropChannels: ['depth_book'] });
  const [toMine, toTheirs] = [devnet.sockets[0]!.ws, devnet.sockets[1]!.ws];

  const heardMine: string[] = [];
  const heardTheirs: string[] = [];
  mine.on('message', (d) => heardMine.push(String(d)));
  theirs.on('message', (d) => heardTheirs.push(String(d)));
  const frames = ['{"seq":1,"channel":"depth_book","symbol":"BTC-USD","data":{}}', '{"seq":2,"channel":"trades","symbol":"BTC-USD","data":[]}', 'not json'];
  for (const f of frames) {
    toMine.send(f);
    toTheirs.send(f);
  }
  await expect.poll(() => heardMine.length + heardTheirs.length).toBe(5);
  expect(heardMine).toEqual(frames.slice(1));
  expect(heardTheirs).toEqual(frames);
  expect((await counts('mine')).market.withheld).toBe(1);

  await control('mine', { dropChannels: [] });
  toMine.send(frames[0]!);
  await expect.poll(() => heardMine.at(-1)).toBe(frames[0]);
});

test("a hung stream keeps that test's sockets open but passes nothing either way, until it is restored", async () => {
  const mine = await open('/ws-api/v1', 'mine');
  const theirs = await open('/ws-api/v1', 'theirs');
  const atExchange: string[] = [];
  devnet.sockets[0]!.ws.on('message', (d) => atExchange.push(String(d)));
  const heard: string[] = [];
  mine.on('message', (d) => heard.push(String(d)));
  await control('mine', { streams: ['orders'], hung: true });

  mine.send('echo:order:new');
  devnet.sockets[0]!.ws.send('{"request_id":"1","code":0}');
  expect(await stillRelays(theirs)).toBe(true); // by then the hung frames would have arrived
  expect(atExchange).toEqual([]);
  expect(heard).toEqual([]);
  expect(mine.readyState).toBe(WebSocket.OPEN);
  expect((await counts('mine')).orders).toMatchObject({ live: 1, withheld: 1 });

  await control('mine', { streams: ['orders'], hung: false });
  expect(await stillRelays(mine)).toBe(true);
});

test("a target sends that test's new sockets to another exchange; null brings them back", async () => {
  const own = await exchange();
  try {
    const before = await open('/ws-stream/v1', 'mine');
    await control('mine', { target: own.url });
    await open('/ws-api/v1?x=1', 'mine');
    await open('/ws-stream/v1', 'someone-else');
    expect(own.sockets.map((s) => s.req.url)).toEqual(['/ws-api/v1?x=1']);
    expect(devnet.sockets).toHaveLength(2);
    expect(await stillRelays(before)).toBe(true); // sockets already open stay where they are

    await control('mine', { target: null });
    await open('/ws-stream/v1', 'mine');
    expect(own.sockets).toHaveLength(1);
    expect(devnet.sockets).toHaveLength(3);
  } finally {
    await own.close();
  }
});

test('a wrong control request is refused saying what is wrong, and changes nothing', async () => {
  const page = await open('/ws-stream/v1', 'mine');
  for (const [body, says] of [
    [{ down: 'yes' }, 'down must be true or false'],
    [{ hung: 1 }, 'hung must be true or false'],
    [{ streams: ['book'], down: true }, 'streams must be'],
    [{ dropChannels: 'depth_book' }, 'dropChannels must be'],
    [{ target: 'http://127.0.0.1:1/ws' }, 'target must be'],
    [{ down: true, cut: true }, 'unknown field(s) cut'],
  ] as const) {
    const res = await control('mine', body);
    expect(res.status).toBe(400);
    expect(res.body).toContain(says);
  }
  expect(await stillRelays(page)).toBe(true);
  expect((await counts('mine')).market).toMatchObject({ live: 1, refused: 0 });
  expect((await fetch(`http://127.0.0.1:${relay.port}/health`)).status).toBe(200);
});
