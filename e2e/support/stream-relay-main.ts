/**
 * Runs the stream relay for an e2e run (a `webServer` of playwright.config.ts):
 * `tsx e2e/support/stream-relay-main.ts --port 7210 --target ws://127.0.0.1:7200`.
 */
import { parseArgs } from 'node:util';
import { startStreamRelay } from './stream-relay';

const { values } = parseArgs({ options: { port: { type: 'string' }, target: { type: 'string' } } });
if (!values.port || !values.target) {
  console.error('usage: tsx e2e/support/stream-relay-main.ts --port N --target ws://host:port');
  process.exit(2);
}
const relay = await startStreamRelay({ port: Number(values.port), target: values.target });
console.log(`[stream-relay] listening on ${relay.port}, forwarding to ${values.target}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void relay.close().then(() => process.exit(0)));
