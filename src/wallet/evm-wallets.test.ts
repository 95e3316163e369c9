import { describe, expect, it } from 'vitest';
import { evmConnectors } from './evm-wallets';

const devnet = { evmChainId: 31337, evmRpcUrl: 'http://127.0.0.1:8545' };

describe('EVM connectors', () => {
  it('offers injected (EIP-6963) wallets only, when no WalletConnect project id is configured', () => {
    expect(evmConnectors(devnet).map((c) => c.type)).toEqual(['injected']);
    expect(evmConnectors({ ...devnet, walletConnectProjectId: '' }).map((c) => c.type)).toEqual(['injected']);
  });

  it('adds WalletConnect once a project id is configured', () => {
    expect(evmConnectors({ ...devnet, walletConnectProjectId: 'abc123' }).map((c) => c.type)).toEqual(['injected', 'walletConnect']);
  });
});
