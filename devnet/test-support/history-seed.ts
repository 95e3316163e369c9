import { fund, signedInTrader, startTestDevnet, type Trader } from './harness';
import type { Devnet } from '../devnet';
import type { RateLimitConfig } from '../auth/rate-limit';
import { dec } from '../../src/lib/decimal';

/**
 * A devnet whose clock the test moves (so funding is paid 1 s apart), with alice's history seeded
 * straight through the ledger (no HTTP, so seeding costs none of the rate limit under test):
 * `trades` fills against bob's resting orders and `fundingSeconds` funding payments per held symbol.
 */
export interface HistoryDevnet {
  devnet: Devnet;
  alice: Trader;
  bob: Trader;
  /** Moves the devnet's clock and runs the engine over the gap (funding settles each second). */
  advance: (ms: number) => void;
  /** Alice takes `n` more fills (alternately selling and buying 0.001 BTC): new trades. */
  trade: (n: number) => void;
}

export async function startHistoryDevnet(o: { rateLimit?: Partial<RateLimitConfig> } = {}): Promise<HistoryDevnet> {
  let offset = 0;
  const clock = () => Date.now() + offset;
  const devnet = await startTestDevnet({
    clock,
    rateLimit: { enabled: true, ...o.rateLimit },
    exchange: { makers: false, indexWalk: false, fundingIntervalMs: 1_000 },
  });
  devnet.tick();
  const alice = await signedInTrader(devnet, undefined, clock);
  const bob = await signedInTrader(devnet, undefined, clock);
  await fund(devnet, alice, '1000000', '1000000');
  await fund(devnet, bob, '1000000', '1000000');
  const run = (user: string, params: Record<string, unknown>) => {
    const r = devnet.ledger.run({ op: 'newOrder', user, params: { time_in_force: 'gtc', reduce_only: false, ...params } as never });
    if (!r.ok) throw new Error(`seed order refused: ${r.message}`);
  };
  const price = await alice.api.market.symbolPrice('BTC-USD');
  const mark = dec(price.mark_price);
  // Bob quotes both sides deep enough for every fill the tests take.
  run(bob.account, { symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty: '50', price: mark.mul('0.999').toFixed(1) });
  run(bob.account, { symbol: 'BTC-USD', side: 'sell', order_type: 'limit', qty: '50', price: mark.mul('1.001').toFixed(1) });
  let n = 0;
  const trade = (count: number) => {
    for (let i = 0; i < count; i++, n++) {
      run(alice.account, { symbol: 'BTC-USD', side: n % 2 === 0 ? 'sell' : 'buy', order_type: 'market', qty: '0.001', time_in_force: 'ioc' });
    }
  };
  return {
    devnet,
    alice,
    bob,
    trade,
    advance: (ms) => {
      offset += ms;
      devnet.tick();
    },
  };
}

/** The app's user API of a trader, counting requests, 429s met and request times (for the tests and the bench). */
export function countingUser(t: Trader) {
  const counts = { trades: 0, funding: 0, rateLimited: 0, at: [] as number[] };
  const watch = async <R>(kind: 'trades' | 'funding', p: () => Promise<R>): Promise<R> => {
    counts[kind]++;
    counts.at.push(performance.now());
    try {
      return await p();
    } catch (e) {
      if ((e as { status?: number }).status === 429) counts.rateLimited++;
      throw e;
    }
  };
  const user: Pick<Trader['api']['user'], 'queryTrades' | 'queryFundingHistory'> = {
    queryTrades: (q) => watch('trades', () => t.api.user.queryTrades(q)),
    queryFundingHistory: (q) => watch('funding', () => t.api.user.queryFundingHistory(q)),
  };
  return { user, counts };
}
