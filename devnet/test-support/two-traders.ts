import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Devnet } from '../devnet';
import { expectAudit, fund, signedInTrader, startTestDevnet, type Trader } from './harness';

export interface TwoTraders {
  devnet: Devnet;
  alice: Trader;
  bob: Trader;
}

/**
 * The usual contract-test setting, as the file's hooks: a test devnet ticked 5 times, two signed-in
 * traders with 100,000 DUSD cash and 50,000 of it in the Perps Wallet each, the audit after every
 * test and the devnet closed after the file. `use` receives them once they exist.
 */
export function withTwoFundedTraders(use: (t: TwoTraders) => void): void {
  let devnet: Devnet | undefined;
  beforeAll(async () => {
    devnet = await startTestDevnet();
    for (let i = 0; i < 5; i++) devnet.tick();
    const alice = await signedInTrader(devnet);
    const bob = await signedInTrader(devnet);
    await fund(devnet, alice, '100000', '50000');
    await fund(devnet, bob, '100000', '50000');
    use({ devnet, alice, bob });
  });
  afterAll(() => devnet?.close());
  afterEach(() => expectAudit(devnet));
}
