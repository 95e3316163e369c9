import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Devnet } from '../devnet';
import { expectAudit, fund, signedInTrader, startTestDevnet, type Trader } from './harness';

export interface TwoTraders {
  devnet: Devnet;
  alice: Trader;
  bob: Trader;
}

/** A quiet market: no market makers, no index random walk — the test places every order and moves every price. */
export interface TwoTradersSetting {
  quiet?: boolean;
  /** Cash and the part of it moved to the Perps Wallet, per trader (default 100,000 / 50,000 each). */
  funds?: { alice: [cash: string, perps: string]; bob: [cash: string, perps: string] };
  /** The audit after every test; a file that cleans up first audits in its own afterEach. */
  audit?: boolean;
}

/**
 * The usual contract-test setting, as the file's hooks: a test devnet (ticked 5 times unless quiet),
 * two signed-in traders, funded, the audit after every test and the devnet closed after the file.
 * `use` receives them once they exist.
 */
export function withTwoFundedTraders(use: (t: TwoTraders) => void, setting: TwoTradersSetting = {}): void {
  const { quiet = false, funds = { alice: ['100000', '50000'], bob: ['100000', '50000'] }, audit = true } = setting;
  let devnet: Devnet | undefined;
  beforeAll(async () => {
    devnet = await startTestDevnet(quiet ? { exchange: { makers: false, indexWalk: false } } : {});
    if (!quiet) for (let i = 0; i < 5; i++) devnet.tick();
    const alice = await signedInTrader(devnet);
    const bob = await signedInTrader(devnet);
    await fund(devnet, alice, ...funds.alice);
    await fund(devnet, bob, ...funds.bob);
    use({ devnet, alice, bob });
  });
  afterAll(() => devnet?.close());
  if (audit) afterEach(() => expectAudit(devnet));
}
