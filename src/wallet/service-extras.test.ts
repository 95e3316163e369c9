import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceConfig } from '../api/service-config';
import { PUBLIC_DEPOSIT_VAULTS, serviceExtras } from './service-extras';

const BRIDGE = '0x2222222222222222222222222222222222222222';
let server: Server;
let url = '';

// A devnet that answers only GET /devnet/config (real HTTP on 127.0.0.1).
beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(req.url === '/devnet/config' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(
      req.url === '/devnet/config'
        ? JSON.stringify({ chain: { chainId: 31337, rpcUrl: 'http://127.0.0.1:1', token: '0x3333333333333333333333333333333333333333', vault: '0x4444444444444444444444444444444444444444', bridge: BRIDGE } })
        : '{"code":404,"message":"not found"}',
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const config = (over: Partial<ServiceConfig>): ServiceConfig => ({
  baseUrl: url,
  authUrl: url,
  bridgeUrl: url,
  geoUrl: url,
  streamUrl: 'ws://127.0.0.1:1',
  orderStreamUrl: 'ws://127.0.0.1:1',
  evmRpcUrl: 'http://127.0.0.1:1',
  evmChainId: 56,
  signinDomain: 'app.example',
  signinUri: 'https://app.example',
  isDevnet: false,
  ...over,
});

describe('what the service offers besides the public API', () => {
  it('the public service: its published vaults, no test money, no lists, and only a configured withdraw contract', async () => {
    const extras = serviceExtras(config({}));
    expect(await extras.depositTarget()).toEqual({ ...PUBLIC_DEPOSIT_VAULTS, token: null, chainId: 56 });
    expect([extras.walletRows, extras.withdrawals, extras.vaults, extras.faucet, extras.testWallet]).toEqual([null, null, null, null, null]);
    expect(await extras.withdrawContract(56)).toBeNull();
    expect(await serviceExtras(config({ withdrawContracts: { 56: BRIDGE } })).withdrawContract(56)).toBe(BRIDGE);
  });

  it('the devnet: its own vault, token and bridge contract, and every helper', async () => {
    const extras = serviceExtras(config({ isDevnet: true, evmChainId: 31337 }));
    expect(await extras.depositTarget()).toEqual({ bsc: '0x4444444444444444444444444444444444444444', solana: null, token: '0x3333333333333333333333333333333333333333', chainId: 31337 });
    expect(await extras.withdrawContract(31337)).toBe(BRIDGE);
    // Another chain than the devnet's: no contract known, so the withdraw is refused.
    expect(await extras.withdrawContract(56)).toBeNull();
    expect(extras.faucet && extras.vaults && extras.walletRows && extras.withdrawals && extras.testWallet).toBeTruthy();
  });

  it('is one object per configuration', () => {
    const c = config({});
    expect(serviceExtras(c)).toBe(serviceExtras(c));
  });
});
