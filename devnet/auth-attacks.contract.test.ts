/**
 * Issue 8: nobody gets in. Every attack on the body signature, the access token, the sign-in and
 * vault impersonation is refused (401/403), and after each one nobody's balances or orders moved.
 *
 * Already covered elsewhere and not repeated here: a login signed by another address, a reused or
 * expired challenge, a Solana signature over another input (auth.contract.test.ts); an expired,
 * `alg: none` or wrong-secret token on a query (auth.contract.test.ts); a tampered body, a replay,
 * a 60 s stale timestamp and another session's key on new_order, and a foreign vault on a query
 * (trade.contract.test.ts). Here the same attacks go at the commands that move money, with state
 * checks, plus the cases not covered anywhere.
 */
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/client';
import { signBody } from '../src/api/signing';
import { MarketStream } from '../src/api/stream/market-stream';
import { OrderStream } from '../src/api/stream/order-stream';
import { createSessionKey } from '../src/wallet/session-key';
import type { Devnet } from './devnet';
import { bestPrice, evmWallet, expectAudit, fund, nodeSocket, signedInTrader, startTestDevnet, type Trader } from './test-support/harness';
import { accountState, expectRefusal, probe, signedHeaders, type Answer } from './test-support/probe';

let devnet: Devnet;
let clockOffset = 0;
const clock = () => Date.now() + clockOffset;
let alice: Trader;
let bob: Trader;
let aliceVault: string;
let bobVault: string;
let bobOrderId: number;
let bobVaultOrderId: number;
let farBid: string;

const b64url = (s: string) => Buffer.from(s).toString('base64url');
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

async function vaultsOf(t: Trader): Promise<string[]> {
  return (await (await fetch(`${devnet.urls.baseUrl}/devnet/vaults`, { headers: { authorization: `Bearer ${t.session.token}` } })).json()) as string[];
}

beforeAll(async () => {
  devnet = await startTestDevnet({ clock });
  for (let i = 0; i < 5; i++) devnet.tick();
  alice = await signedInTrader(devnet, evmWallet(), clock);
  bob = await signedInTrader(devnet, evmWallet(), clock);
  await fund(devnet, alice, '100000', '50000');
  await fund(devnet, bob, '100000', '50000');
  aliceVault = (await vaultsOf(alice))[0]!;
  bobVault = (await vaultsOf(bob))[0]!;
  farBid = (await bestPrice(alice.api, 'BTC-USD', 'bid')).mul('0.97').toFixed(1);
  const rest = (cl: string) => ({ symbol: 'BTC-USD', side: 'buy' as const, order_type: 'limit' as const, qty: '0.01', price: farBid, time_in_force: 'gtc' as const, reduce_only: false, cl_ord_id: cl });
  await alice.api.trade.newOrder(rest('alice-rest'));
  await bob.api.trade.newOrder(rest('bob-rest'));
  bobOrderId = (await bob.api.user.queryOrder({ cl_ord_id: 'bob-rest' })).id;
  // Bob's vault holds money and an order: the prize for anyone impersonating it.
  const faucet = await fetch(`${devnet.urls.baseUrl}/devnet/faucet`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bob.session.token}`, 'x-impersonate': bobVault },
    body: JSON.stringify({ amount: '20000', wallet: 'perps' }),
  });
  expect(faucet.status).toBe(200);
  bob.actAs(bobVault);
  await bob.api.trade.newOrder(rest('bob-vault-rest'));
  bobVaultOrderId = (await bob.api.user.queryOrder({ cl_ord_id: 'bob-vault-rest' })).id;
  bob.actAs(null);
}, 30_000);
afterAll(() => devnet?.close());
afterEach(() => expectAudit(devnet));

async function everything() {
  return {
    alice: await accountState(devnet, alice),
    aliceVault: await accountState(devnet, alice, aliceVault),
    bob: await accountState(devnet, bob),
    bobVault: await accountState(devnet, bob, bobVault),
    clock: devnet.ledger.exchange.now(),
  };
}
let before: Awaited<ReturnType<typeof everything>>;
beforeEach(async () => {
  clockOffset = 0;
  before = await everything();
});
/** Nothing anyone can see moved: balances, wallets, orders, trades, positions, vaults, engine clock. */
async function expectNothingMoved() {
  clockOffset = 0;
  expect(await everything()).toEqual(before);
  const inv = devnet.ledger.exchange.moneyInvariant();
  expect(inv.ok, inv.detail).toBe(true);
}

const url = (path: string) => (path === '/api/withdraw' ? `${devnet.urls.bridgeUrl}${path}` : `${devnet.urls.baseUrl}${path}`);
const post = (path: string, headers: Record<string, string>, body: string) => probe(null, path, url(path), { method: 'POST', headers, body });
/** The money-moving commands every attack is tried on. */
const commands = () => [
  { path: '/api/transfer_to_perps', body: JSON.stringify({ amount: '100' }) },
  { path: '/api/transfer_to_spot', body: JSON.stringify({ amount: '100' }) },
  { path: '/api/new_order', body: JSON.stringify({ symbol: 'BTC-USD', side: 'buy', order_type: 'market', qty: '0.01', time_in_force: 'ioc', reduce_only: false }) },
  { path: '/api/cancel_order', body: JSON.stringify({ cl_ord_id: 'alice-rest' }) },
  { path: '/api/change_leverage', body: JSON.stringify({ symbol: 'BTC-USD', leverage: 3 }) },
  { path: '/api/withdraw', body: JSON.stringify({ amount: '50', chain: 'bsc' }) },
];
async function expectAllRefused(what: string, status: number, headersFor: (path: string, body: string) => Promise<Record<string, string>>) {
  for (const c of commands()) {
    const a: Answer = await post(c.path, await headersFor(c.path, c.body), c.body);
    expectRefusal(a, `${what} on ${c.path}`, [status]);
  }
}

describe('body signature attacks on money-moving commands (spec §5.2, decisions.md)', () => {
  it('a replayed x-request-id is refused: same request, another body, another endpoint, another service', async () => {
    const body = JSON.stringify({ amount: '7' });
    const headers = await signedHeaders(alice.session.token, alice.session.key, body);
    expect((await post('/api/transfer_to_perps', headers, body)).status).toBe(200);
    before = await everything(); // the original moved 7 once; nothing after it may move anything
    const id = headers['x-request-id'];
    const replay = await post('/api/transfer_to_perps', headers, body);
    expectRefusal(replay, 'identical replay', [401]);
    expect((replay.json as { message: string }).message).toMatch(/already used/);
    for (const c of commands()) {
      const a = await post(c.path, await signedHeaders(alice.session.token, alice.session.key, c.body, { requestId: id }), c.body);
      expectRefusal(a, `id reused on ${c.path}`, [401]);
    }
    await expectNothingMoved();
  });

  it('stale, future and malformed timestamps are refused', async () => {
    for (const ts of [Date.now() - 31_000, Date.now() - 600_000, Date.now() + 31_000, Date.now() + 86_400_000, 0, Math.floor(Date.now() / 1000)]) {
      await expectAllRefused(`timestamp ${ts - Date.now()} ms off`, 401, (_p, b) => signedHeaders(alice.session.token, alice.session.key, b, { timestamp: ts }));
    }
    for (const ts of ['', 'now', '1.7e12', `${Date.now()}.5`, `-${Date.now()}`, `${Date.now()}0000000`, ` ${Date.now()}`]) {
      await expectAllRefused(`timestamp "${ts}"`, 401, async (_p, b) => ({ ...(await signedHeaders(alice.session.token, alice.session.key, b)), 'x-request-timestamp': ts }));
    }
    await expectNothingMoved();
  });

  it('a body changed after signing is refused, down to one byte of whitespace or key order', async () => {
    const tamperings: [string, (b: string) => string][] = [
      ['amount changed', (b) => b.replace(/"(100|50|0\.01|3)"/, '"1000"').replace(/:3\}/, ':30}')],
      ['space added', (b) => b.replace(':', ': ')],
      ['newline appended', (b) => `${b}\n`],
      ['keys reordered', (b) => JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(b) as object).reverse()))],
      ['field added', (b) => `${b.slice(0, -1)},"reduce_only":true}`],
      ['same JSON, one character escaped', (b) => b.replace(/^\{"(.)/, (_m, c: string) => `{"\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)],
    ];
    for (const [name, tamper] of tamperings) {
      for (const c of commands()) {
        const headers = await signedHeaders(alice.session.token, alice.session.key, c.body);
        const changed = tamper(c.body);
        if (changed === c.body) continue;
        expectRefusal(await post(c.path, headers, changed), `${name} on ${c.path}`, [401]);
      }
    }
    await expectNothingMoved();
  });

  it('a signature by another session key is refused: another trader’s, my previous session’s, a fresh one', async () => {
    const previous = alice.session.key;
    const again = await signedInTrader(devnet, evmWallet(), clock); // a second session of someone else
    const stranger = await createSessionKey();
    for (const signer of [bob.session.key, again.session.key, stranger]) {
      await expectAllRefused('foreign key', 401, (_p, b) => signedHeaders(alice.session.token, signer, b));
    }
    // Bob's token with Alice's key: the key is bound to the token, not to whoever holds it.
    await expectAllRefused('token/key mismatch', 401, (_p, b) => signedHeaders(bob.session.token, previous, b));
    before = await everything();
    await expectNothingMoved();
  });

  it('missing, wrong-version or mangled signature headers are refused', async () => {
    const mangle: [string, (h: Record<string, string>) => Record<string, string>][] = [
      ['no version', ({ 'x-request-sign-version': _v, ...h }) => h],
      ['no id', ({ 'x-request-id': _v, ...h }) => h],
      ['no timestamp', ({ 'x-request-timestamp': _v, ...h }) => h],
      ['no signature', ({ 'x-request-signature': _v, ...h }) => h],
      ['version v2', (h) => ({ ...h, 'x-request-sign-version': 'v2' })],
      ['version V1', (h) => ({ ...h, 'x-request-sign-version': 'V1' })],
      ['signature truncated', (h) => ({ ...h, 'x-request-signature': h['x-request-signature']!.slice(0, 40) })],
      ['signature bit flipped', (h) => ({ ...h, 'x-request-signature': flip(h['x-request-signature']!) })],
      ['signature hex', (h) => ({ ...h, 'x-request-signature': Buffer.from(h['x-request-signature']!, 'base64').toString('hex') })],
      ['id of 129 chars', (h) => ({ ...h, 'x-request-id': 'i'.repeat(129) })],
    ];
    for (const [name, f] of mangle) {
      await expectAllRefused(name, 401, async (_p, b) => f(await signedHeaders(alice.session.token, alice.session.key, b)));
    }
    await expectNothingMoved();
  });
});

function flip(b64: string): string {
  const bytes = Buffer.from(b64, 'base64');
  bytes[10]! ^= 1;
  return bytes.toString('base64');
}

describe('access token attacks on signed commands', () => {
  it('an expired token is refused even with a valid signature at the server’s time', async () => {
    const short = await signedInTrader(devnet, evmWallet(), clock);
    await fund(devnet, short, '100', '50');
    before = await everything();
    const shortBefore = await accountState(devnet, short);
    clockOffset = 8 * 86_400_000; // past the 7-day lifetime; signatures are made at the same shifted time
    await expectAllRefused('expired token', 401, (_p, b) => signedHeaders(short.session.token, short.session.key, b, { timestamp: clock() }));
    clockOffset = 0;
    expect(await accountState(devnet, short)).toEqual(shortBefore);
    await expectNothingMoved();
  });

  it('forged tokens are refused: alg none, wrong secret, the service’s public key as HMAC secret, an ES256 key of ours, the challenge JWT, edited claims', async () => {
    const token = alice.session.token;
    const [header, payload, sig] = token.split('.');
    const claims = claimsOf(token);
    const jwks = (await (await fetch(`${devnet.urls.authUrl}/v1/offchain/certs`)).json()) as { keys: Record<string, unknown>[] };
    const serviceJwk = jwks.keys[0]!;
    const attacker = await generateKeyPair('ES256', { extractable: true });
    const attackerJwk = await exportJWK(attacker.publicKey);
    const challenge = (await alice.api.auth.prepareSignin('bsc', { address: evmWallet().address, requestId: alice.session.key.requestId })).signedData;
    const forged: [string, string][] = [
      ['alg none', `${b64url('{"alg":"none","typ":"JWT"}')}.${payload}.`],
      ['alg none, signature kept', `${b64url('{"alg":"none","typ":"JWT"}')}.${payload}.${sig}`],
      ['HS256, wrong secret', await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('not-the-secret-not-the-secret-!!'))],
      ['HS256 keyed with the public JWK', await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(JSON.stringify(serviceJwk)))],
      ['HS256 keyed with the public x coordinate', await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(Buffer.from(String(serviceJwk.x), 'base64url'))],
      ['ES256 by another key, service kid', await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: String(serviceJwk.kid) }).sign(attacker.privateKey)],
      ['ES256 with an embedded jwk', await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', jwk: attackerJwk }).sign(attacker.privateKey)],
      ['the sign-in challenge (signed by the service)', challenge],
      ['sub changed to Bob, signature kept', `${header}.${b64url(JSON.stringify({ ...claims, sub: bob.account }))}.${sig}`],
      ['exp extended, signature kept', `${header}.${b64url(JSON.stringify({ ...claims, exp: Number(claims.exp) + 86_400 }))}.${sig}`],
      ['session key swapped, signature kept', `${header}.${b64url(JSON.stringify({ ...claims, sk: bob.session.key.requestId }))}.${sig}`],
      ['signature stripped', `${header}.${payload}.`],
      ['trailing garbage', `${token}x`],
    ];
    for (const [name, jwt] of forged) {
      await expectAllRefused(name, 401, (_p, b) => signedHeaders(jwt, alice.session.key, b));
      // and a query with it is refused too
      expectRefusal(await probe(null, 'q', `${devnet.urls.baseUrl}/api/query_balance`, { headers: { authorization: `Bearer ${jwt}` } }), name, [401]);
    }
    // The swapped-key token signed with Bob's key: still nothing.
    await expectAllRefused('swapped sk', 401, (_p, b) => signedHeaders(forged[10]![1], bob.session.key, b));
    for (const scheme of ['bearer', 'Basic', 'Token', '']) {
      await expectAllRefused(`scheme "${scheme}"`, 401, async (_p, b) => ({ ...(await signedHeaders(token, alice.session.key, b)), authorization: `${scheme} ${token}` }));
    }
    await expectNothingMoved();
  });
});

describe('sign-in attacks (spec §5.1)', () => {
  const login = (q: string, body: unknown) => probe(null, 'login', `${devnet.urls.authUrl}/v1/offchain/login?${q}`, { method: 'POST', body: JSON.stringify(body) });
  const prepare = async (address: string, requestId: string) => (await createApiClient({ urls: devnet.urls }).auth.prepareSignin('bsc', { address, requestId })).signedData;

  it('a signature made for another challenge, a challenge for another chain, tampered or self-signed challenges: no token', async () => {
    const w = evmWallet();
    const key = await createSessionKey();
    const first = await prepare(w.address, key.requestId);
    const second = await prepare(w.address, key.requestId);
    const sigFirst = await w.personalSign(String(claimsOf(first).message));
    const attacker = evmWallet();
    const attackerKey = await generateKeyPair('ES256');
    const kid = String(((await (await fetch(`${devnet.urls.authUrl}/v1/offchain/certs`)).json()) as { keys: { kid: string }[] }).keys[0]!.kid);
    const [h, , s] = second.split('.');
    const secondClaims = claimsOf(second);
    const hijackedKey = await createSessionKey();
    const attempts: [string, string, unknown][] = [
      ['signature for another challenge', 'chain=bsc', { signature: sigFirst, signedData: second }],
      ['challenge for bsc, login as solana', 'chain=solana', { signature: sigFirst, signedData: first }],
      [
        'requestId swapped to the attacker’s session key',
        'chain=bsc',
        { signature: sigFirst, signedData: `${h}.${b64url(JSON.stringify({ ...claimsOf(first), requestId: hijackedKey.requestId }))}.${s}` },
      ],
      [
        'address swapped to the victim, signed by the attacker',
        'chain=bsc',
        {
          signature: await attacker.personalSign(String(secondClaims.message)),
          signedData: `${h}.${b64url(JSON.stringify({ ...secondClaims, address: attacker.address }))}.${s}`,
        },
      ],
      [
        'a challenge the attacker signed with his own ES256 key and the service kid',
        'chain=bsc',
        await (async () => {
          const own: Record<string, unknown> = { ...secondClaims, address: w.address };
          const jwt = await new SignJWT(own).setProtectedHeader({ alg: 'ES256', kid }).sign(attackerKey.privateKey);
          return { signature: await w.personalSign(String(own.message)), signedData: jwt };
        })(),
      ],
      ['alg none challenge', 'chain=bsc', { signature: sigFirst, signedData: `${b64url('{"alg":"none"}')}.${first.split('.')[1]}.` }],
    ];
    for (const [name, q, body] of attempts) expectRefusal(await login(q, body), name, [401]);
    // The untouched first challenge still works exactly once: the refusals did not burn or leak it.
    expect((await login('chain=bsc', { signature: sigFirst, signedData: first })).status).toBe(200);
    expectRefusal(await login('chain=bsc', { signature: sigFirst, signedData: first }), 'second use', [401]);
    expect(devnet.ledger.exchange.hasAccount(`bsc_${attacker.address.toLowerCase()}`)).toBe(false);
    await expectNothingMoved();
  });

  it('a challenge used twice at the same moment yields one token, not two', async () => {
    const w = evmWallet();
    const key = await createSessionKey();
    const sd = await prepare(w.address, key.requestId);
    const signature = await w.personalSign(String(claimsOf(sd).message));
    const answers = await Promise.all(Array.from({ length: 8 }, () => login('chain=bsc', { signature, signedData: sd })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expectRefusal(a, 'concurrent reuse', [401]);
    await expectNothingMoved();
  });
});

describe('vault impersonation attacks (spec §5.4)', () => {
  it('acting as a vault one does not own, or as anything without cv_, is refused on every command and query', async () => {
    const impostors = [
      bobVault,
      bob.account, // an account id, not a vault
      alice.account, // one's own account id is not a vault either
      `cv_${'0'.repeat(32)}`,
      `CV_${bobVault.slice(3)}`,
      ` ${bobVault}`,
      `${bobVault},${aliceVault}`,
      'cv_',
      '__proto__',
    ];
    for (const vault of impostors) {
      await expectAllRefused(`x-impersonate "${vault}"`, 403, async (_p, b) => ({ ...(await signedHeaders(alice.session.token, alice.session.key, b)), 'x-impersonate': vault }));
      for (const q of ['/api/query_balance', '/api/query_open_orders', '/devnet/wallets']) {
        expectRefusal(await probe(null, q, `${devnet.urls.baseUrl}${q}`, { headers: { authorization: `Bearer ${alice.session.token}`, 'x-impersonate': vault } }), `${vault} ${q}`, [403]);
      }
    }
    // The faucet too: nobody credits (or learns about) a vault they do not own.
    expectRefusal(
      await probe(null, 'faucet', `${devnet.urls.baseUrl}/devnet/faucet`, { method: 'POST', headers: { authorization: `Bearer ${alice.session.token}`, 'x-impersonate': bobVault }, body: '{}' }),
      'faucet as bob’s vault',
      [403],
    );
    // Bob's vault order cannot be cancelled by id from Alice's own vault either.
    const body = JSON.stringify({ order_id: bobVaultOrderId });
    expectRefusal(await post('/api/cancel_order', { ...(await signedHeaders(alice.session.token, alice.session.key, body)), 'x-impersonate': aliceVault }, body), 'cancel from own vault', [404]);
    await expectNothingMoved();
  });

  it('the streams refuse a foreign vault too', async () => {
    const market = new MarketStream({ url: devnet.urls.streamUrl, createSocket: nodeSocket });
    const orders = new OrderStream({ url: devnet.urls.orderStreamUrl, createSocket: nodeSocket });
    try {
      const authed = new Promise<[boolean, string]>((r) => market.onAuth((ok, msg) => r([ok, msg])));
      market.authenticate({ token: alice.session.token, impersonate: bobVault });
      const [ok, msg] = await authed;
      expect(ok).toBe(false);
      expect(msg).toMatch(/owner/);
      const loggedIn = new Promise<[boolean, string]>((r) => orders.onLogin((o, m) => r([o, m])));
      orders.authenticate({ token: alice.session.token, impersonate: bobVault });
      expect((await loggedIn)[0]).toBe(false);
    } finally {
      market.close();
      orders.close();
    }
    await expectNothingMoved();
  });
});

describe('reaching into another account by id', () => {
  it('Bob’s order cannot be cancelled or read by Alice, by id or by cl_ord_id', async () => {
    for (const body of [{ order_id: bobOrderId }, { cl_ord_id: 'bob-rest' }, { order_id: bobVaultOrderId }]) {
      const text = JSON.stringify(body);
      expectRefusal(await post('/api/cancel_order', await signedHeaders(alice.session.token, alice.session.key, text), text), `cancel ${text}`, [404]);
    }
    // cancel_orders is asynchronous: accepted, then "order not found" per id, and Bob's orders stay.
    const list = JSON.stringify({ order_id_list: [bobOrderId, bobVaultOrderId], cl_ord_id_list: ['bob-rest', 'bob-vault-rest'] });
    expect((await post('/api/cancel_orders', await signedHeaders(alice.session.token, alice.session.key, list), list)).status).toBe(200);
    for (const q of [`order_id=${bobOrderId}`, 'cl_ord_id=bob-rest', `order_id=${bobVaultOrderId}`]) {
      expectRefusal(await probe(null, 'q', `${devnet.urls.baseUrl}/api/query_order?${q}`, { headers: { authorization: `Bearer ${alice.session.token}` } }), q, [404]);
    }
    // The accepted cancel_orders moved the engine clock; nothing else may have changed.
    before.clock = devnet.ledger.exchange.now();
    await expectNothingMoved();
  });
});

describe('order response stream attacks', () => {
  function rawSocket(): Promise<{ ws: WebSocket; next: () => Promise<Record<string, unknown>> }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(devnet.urls.orderStreamUrl);
      const queue: Record<string, unknown>[] = [];
      const waiters: ((m: Record<string, unknown>) => void)[] = [];
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString()) as Record<string, unknown>;
        const w = waiters.shift();
        if (w) w(m);
        else queue.push(m);
      });
      ws.once('open', () =>
        resolve({ ws, next: () => (queue.length > 0 ? Promise.resolve(queue.shift()!) : new Promise((r) => waiters.push(r))) }),
      );
      ws.once('error', reject);
    });
  }

  it('another account cannot take over a session id and silence its owner’s order outcomes', async () => {
    const stream = new OrderStream({ url: devnet.urls.orderStreamUrl, createSocket: nodeSocket });
    const thief = await rawSocket();
    try {
      const loggedIn = new Promise<boolean>((r) => stream.onLogin((ok) => r(ok)));
      stream.authenticate({ token: alice.session.token });
      expect(await loggedIn).toBe(true);
      thief.ws.send(JSON.stringify({ session_id: stream.sessionId, request_id: 'steal', method: 'auth:login', params: JSON.stringify({ token: bob.session.token }) }));
      const reply = await thief.next();
      expect(reply.request_id).toBe('steal');
      expect(reply.code).toBe(403);
      // Alice still hears her own outcomes on her session.
      const env = await alice.api.trade.newOrder(
        { symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty: '0.01', price: farBid, time_in_force: 'gtc', reduce_only: false, cl_ord_id: 'session-check' },
        stream.sessionId,
      );
      expect(await stream.waitForOutcome(env.request_id, 3000)).toMatchObject({ code: 0 });
      await alice.api.trade.cancelOrder({ cl_ord_id: 'session-check' });
    } finally {
      stream.close();
      thief.ws.close();
    }
  });

  it('order:new over the socket: replayed header, another key, no login — all refused, nothing placed', async () => {
    const s = await rawSocket();
    try {
      s.ws.send(JSON.stringify({ session_id: 'ws-attack', request_id: 'login', method: 'order:new', params: '{}' }));
      expect(await s.next()).toMatchObject({ code: 401 });
      s.ws.send(JSON.stringify({ session_id: 'ws-attack', request_id: 'login', method: 'auth:login', params: JSON.stringify({ token: alice.session.token }) }));
      expect(await s.next()).toMatchObject({ code: 0 });
      const params = JSON.stringify({ symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty: '0.01', price: farBid, time_in_force: 'gtc', reduce_only: false, cl_ord_id: 'ws-attack' });
      const send = (id: string, h: Awaited<ReturnType<typeof signBody>>, p = params) =>
        s.ws.send(JSON.stringify({ session_id: 'ws-attack', request_id: id, method: 'order:new', header: { 'x-request-id': h['x-request-id'], 'x-request-timestamp': h['x-request-timestamp'], 'x-request-signature': h['x-request-signature'] }, params: p }));
      send('bob-key', await signBody(bob.session.key, params, Date.now()));
      expect(await s.next()).toMatchObject({ code: 401, request_id: 'bob-key' });
      send('stale', await signBody(alice.session.key, params, Date.now() - 60_000));
      expect(await s.next()).toMatchObject({ code: 401, request_id: 'stale' });
      const good = await signBody(alice.session.key, params, Date.now());
      send('tampered', good, params.replace('0.01', '0.02'));
      expect(await s.next()).toMatchObject({ code: 401, request_id: 'tampered' });
      // An HTTP request's signature headers replayed over the socket.
      const body = JSON.stringify({ amount: '1' });
      const http = await signedHeaders(alice.session.token, alice.session.key, body);
      expect((await post('/api/transfer_to_perps', http, body)).status).toBe(200);
      before = await everything();
      send('cross-replay', { 'x-request-sign-version': 'v1', 'x-request-id': http['x-request-id'], 'x-request-timestamp': http['x-request-timestamp'], 'x-request-signature': http['x-request-signature'] }, body);
      expect(await s.next()).toMatchObject({ code: 401, request_id: 'cross-replay' });
    } finally {
      s.ws.close();
    }
    await expectNothingMoved();
  });
});
