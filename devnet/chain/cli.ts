/**
 * Runs the chain on its own: `npx tsx devnet/chain/cli.ts [--port 8545] [--chain-id 31337]`.
 * Prints one JSON line with the RPC URL and addresses, then keeps the node until SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';
import { startChain } from './index';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '8545' }, 'chain-id': { type: 'string', default: '31337' } },
});

const chain = await startChain({ port: Number(values.port), chainId: Number(values['chain-id']) });
console.log(
  JSON.stringify({
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    genesisHash: chain.genesisHash,
    addresses: chain.addresses,
    backendSigner: chain.backendSigner,
    reused: chain.reused,
  }),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void chain.stop().finally(() => process.exit(0));
  });
}
