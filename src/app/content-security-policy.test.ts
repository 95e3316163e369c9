import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './content-security-policy';
import { readConfig } from './read-config';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('content security policy', () => {
  it('lets scripts come only from the app, and the network reach only the configured services', () => {
    const csp = contentSecurityPolicy(readConfig({}));
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    // Workers only from the app's own files (the market worker), never from a blob: URL.
    expect(directive(csp, 'worker-src')).toBe("worker-src 'self'");
    expect(directive(csp, 'connect-src').split(' ').slice(1).sort()).toEqual(
      ["'self'", 'http://127.0.0.1:7100', 'http://127.0.0.1:7101', 'http://127.0.0.1:7102', 'http://127.0.0.1:7103', 'http://127.0.0.1:8545', 'ws://127.0.0.1:7100'].sort(),
    );
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('walletconnect');
  });

  it('follows the public preset and a WalletConnect project id', () => {
    const csp = contentSecurityPolicy(readConfig({ VITE_PRESET: 'public', VITE_WALLETCONNECT_PROJECT_ID: 'abc' }));
    const connect = directive(csp, 'connect-src');
    expect(connect).toContain('https://perps.standx.com');
    expect(connect).toContain('wss://perps.standx.com');
    expect(connect).toContain('wss://*.walletconnect.org');
    expect(connect).not.toContain('127.0.0.1');
    expect(directive(csp, 'worker-src')).toBe("worker-src 'self'");
  });
});
