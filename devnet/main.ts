import { parseArgs } from 'node:util';
import { auditDataDir } from './audit';
import { startChain } from './chain';
import { startDevnet } from './devnet';

/**
 * `npm run devnet -- [--reset] [--data-dir DIR] [--base-port 7100] [--chain-port 8545] [--chain-id 31337]
 *   [--no-chain] [--tick-ms N] [--funding-ms N] [--no-rate-limit] [--region XX] [--snapshot-ms N]
 *   [--confirmations 2] [--block-ms 1000] [--no-makers]`
 * `npm run devnet -- --audit DIR`: audit a data dir and exit (0 = it holds).
 */
const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    'data-dir': { type: 'string', default: '.devnet-data' },
    'tick-ms': { type: 'string', default: '250' },
    'funding-ms': { type: 'string' },
    'no-rate-limit': { type: 'boolean', default: false },
    region: { type: 'string', default: 'SG' },
    'base-port': { type: 'string', default: '7100' },
    'chain-port': { type: 'string', default: '8545' },
    'chain-id': { type: 'string', default: '31337' },
    'no-chain': { type: 'boolean', default: false },
    'snapshot-ms': { type: 'string' },
    confirmations: { type: 'string', default: '2' },
    'block-ms': { type: 'string', default: '1000' },
    'no-makers': { type: 'boolean', default: false },
    audit: { type: 'string' },
  },
});

// `--audit DIR`: audit a data dir (a copy of it) and exit 0 when it holds, 1 when it does not.
if (values.audit !== undefined) {
  let report;
  try {
    report = auditDataDir(values.audit);
  } catch (e) {
    console.error(`audit: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  }
  console.log(report.ok ? `audit ok: ${report.detail}` : `audit FAILED:\n${report.problems.map((p) => `  - ${p}`).join('\n')}`);
  console.log(JSON.stringify(report.totals, null, 2));
  process.exit(report.ok ? 0 : 1);
}

const chainId = Number(values['chain-id']);
const chain = values['no-chain'] ? undefined : await startChain({ port: Number(values['chain-port']), chainId });
if (chain) {
  console.log(`[devnet] chain    ${chain.rpcUrl} (id ${chain.chainId}${chain.reused ? ', reused running node' : ''})`);
  console.log(`[devnet]          DUSD ${chain.addresses.token}  vault ${chain.addresses.vault}  bridge ${chain.addresses.bridge}`);
}
const basePort = Number(values['base-port']);
const devnet = await startDevnet({
  ports: { base: basePort, auth: basePort + 1, bridge: basePort + 2, geo: basePort + 3 },
  dataDir: values['data-dir']!,
  reset: values.reset!,
  tickMs: Number(values['tick-ms']),
  // `--no-makers`: no built-in market makers or background flow; the book holds only what traders rest.
  ...(values['funding-ms'] || values['no-makers']
    ? {
        exchange: {
          ...(values['funding-ms'] ? { fundingIntervalMs: Number(values['funding-ms']) } : {}),
          ...(values['no-makers'] ? { makers: false } : {}),
        },
      }
    : {}),
  rateLimit: { enabled: !values['no-rate-limit'] },
  region: values.region!,
  evmChainId: chainId,
  ...(values['snapshot-ms'] ? { snapshotMs: Number(values['snapshot-ms']) } : {}),
  ...(chain ? { chain, confirmations: Number(values.confirmations), blockMs: Number(values['block-ms']) } : {}),
  log: (line) => console.log(`[devnet] ${line}`),
});

const u = devnet.urls;
console.log(`[devnet] trading  ${u.baseUrl}
[devnet] auth     ${u.authUrl}
[devnet] bridge   ${u.bridgeUrl}
[devnet] geo      ${u.geoUrl}
[devnet] streams  ${u.streamUrl}  ${u.orderStreamUrl}
[devnet] ready`);

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  await devnet.close();
  await chain?.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
