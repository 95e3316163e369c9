// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withdrawAuthorization } from '../../api/__fixtures__/spec-samples';
import { createApiClient } from '../../api/client';
import { ApiProvider } from '../../api/react';
import type { WalletRow, WithdrawResponse } from '../../api/schemas';
import type { ServiceConfig } from '../../api/service-config';
import { createSessionKey } from '../../wallet/session-key';
import { useSessionStore } from '../../wallet/session-store';
import { pendingWithdrawals } from '../../wallet/withdraw-records';
import { WithdrawCard } from './withdraw-card';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CALLER = '0x1111111111111111111111111111111111111111';
const DEVNET_BRIDGE_CONTRACT = '0x2222222222222222222222222222222222222222';
const EVIL_CONTRACT = '0x6666666666666666666666666666666666666666';

/**
 * A bridge that answers the withdraw with a contract of its choosing (the attack), beside the
 * devnet's own GET /devnet/config naming the real withdraw contract. Real HTTP on 127.0.0.1.
 */
function bridgeAnswer(contract: string): WithdrawResponse {
  return withdrawAuthorization({ caller: CALLER, contract, amount: '10', fee: '1', expiredAt: Math.floor(Date.now() / 1000) + 600 });
}

let server: Server;
let url = '';
let contractInAnswer = EVIL_CONTRACT;
const walletRequests: string[] = [];
let withdrawRequests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    req.resume();
    req.on('end', () => {
      if (req.url === '/devnet/config') {
        return send(200, { chain: { chainId: 31337, rpcUrl: 'http://127.0.0.1:1', token: '0x3333333333333333333333333333333333333333', vault: '0x4444444444444444444444444444444444444444', bridge: DEVNET_BRIDGE_CONTRACT } });
      }
      if (req.url === '/devnet/withdraw-fee') return send(200, { withdraw_fee: '1' });
      if (req.url === '/api/withdraw') {
        withdrawRequests++;
        return send(200, bridgeAnswer(contractInAnswer));
      }
      if (req.url === '/devnet/withdrawals') return send(200, []);
      send(404, { code: 404, message: 'not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // An injected wallet that records every request the app makes of it.
  (window as unknown as { ethereum: unknown }).ethereum = {
    request: async ({ method }: { method: string }) => {
      walletRequests.push(method);
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [CALLER];
      if (method === 'eth_chainId') return '0x7a69';
      if (method === 'eth_sendTransaction') return `0x${'cd'.repeat(32)}`;
      return null;
    },
    on: () => undefined,
    removeListener: () => undefined,
  };
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

let root: Root | null = null;
let container: HTMLDivElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  walletRequests.length = 0;
});

async function renderCard(over: Partial<ServiceConfig> & { withdrawContracts?: Record<number, string> } = {}, free = { cash: '100', perps: null as string | null }): Promise<HTMLDivElement> {
  const key = await createSessionKey();
  useSessionStore.setState({ session: { chain: 'bsc', address: CALLER, token: 'token', expiresAt: Date.now() + 3_600_000, key }, vault: null });
  const config: ServiceConfig = {
    baseUrl: url,
    authUrl: url,
    bridgeUrl: url,
    geoUrl: url,
    streamUrl: 'ws://127.0.0.1:1/ws-stream/v1',
    orderStreamUrl: 'ws://127.0.0.1:1/ws-api/v1',
    evmRpcUrl: 'http://127.0.0.1:1',
    evmChainId: 31337,
    signinDomain: 'devnet.perps.local',
    signinUri: 'https://devnet.perps.local',
    isDevnet: true,
    ...over,
  };
  const api = createApiClient({ urls: config, getCredentials: () => ({ token: 'token', signer: key }) });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const row = (v: string) => ({ free: v, locked: '0', total: v }) as WalletRow;
  const rows = { cash: row(free.cash), perps: free.perps === null ? null : row(free.perps), refresh: async () => undefined };
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <QueryClientProvider client={qc}>
        <ApiProvider client={api} config={config}>
          <I18nProvider i18n={i18n}>
            <WithdrawCard rows={rows} />
          </I18nProvider>
        </ApiProvider>
      </QueryClientProvider>,
    ),
  );
  return container;
}

async function withdraw(c: HTMLDivElement, amount: string) {
  const input = c.querySelector<HTMLInputElement>('input')!;
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, amount);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => {
    c.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

async function waitFor<T>(probe: () => T | null | undefined, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 25));
    });
  }
}

describe('withdraw: the bridge names the contract, the app checks it (issue #13 item 11)', () => {
  it('refuses a withdraw contract that is not the devnet’s and sends nothing to the wallet', async () => {
    contractInAnswer = EVIL_CONTRACT;
    const c = await renderCard();
    await withdraw(c, '10');
    const alert = await waitFor(() => c.querySelector('[role="alert"]'));
    expect(alert.textContent).toMatch(/not the withdraw contract/);
    expect(alert.textContent).toContain(EVIL_CONTRACT);
    expect(c.querySelector('[data-step="check"]')?.getAttribute('data-state')).toBe('failed');
    expect(c.querySelector('[data-step="submit"]')?.getAttribute('data-state')).toBe('todo');
    expect(walletRequests).toEqual([]);
  });

  it('goes on to the wallet when the bridge names the devnet’s withdraw contract', async () => {
    contractInAnswer = DEVNET_BRIDGE_CONTRACT.toUpperCase().replace('0X', '0x');
    const c = await renderCard();
    await withdraw(c, '10');
    // Past the contract check: the next refusal is the wallet's (not connected in this test).
    const alert = await waitFor(() => c.querySelector('[role="alert"]'));
    expect(alert.textContent).not.toMatch(/withdraw contract/);
    expect(alert.textContent).toMatch(/Connect the EVM wallet/);
  });

  it('off the devnet with no configured contract: refused, saying the contract is not configured', async () => {
    contractInAnswer = DEVNET_BRIDGE_CONTRACT;
    const c = await renderCard({ isDevnet: false });
    await withdraw(c, '10');
    const alert = await waitFor(() => c.querySelector('[role="alert"]'));
    expect(alert.textContent).toMatch(/No withdraw contract is configured for chain 31337/);
    expect(walletRequests).toEqual([]);
  });

  it('a configured VITE_WITHDRAW_CONTRACT wins over the devnet’s config', async () => {
    contractInAnswer = DEVNET_BRIDGE_CONTRACT;
    const c = await renderCard({ withdrawContracts: { 31337: '0x5555555555555555555555555555555555555555' } });
    await withdraw(c, '10');
    const alert = await waitFor(() => c.querySelector('[role="alert"]'));
    expect(alert.textContent).toMatch(/not the withdraw contract of chain 31337 \(0x5555555555555555555555555555555555555555\)/);
    expect(walletRequests).toEqual([]);
  });
});

describe('withdraw for a keyboard (issue 28)', () => {
  it('Withdraw keeps the focus while it runs (announced unavailable, not disabled); when it ends the focus is on what comes next', async () => {
    contractInAnswer = DEVNET_BRIDGE_CONTRACT;
    pendingWithdrawals.set(`bsc_${CALLER}`, null);
    const c = await renderCard();
    const submit = [...c.querySelectorAll<HTMLButtonElement>('button[type=submit]')].find((b) => b.textContent === 'Withdraw')!;
    submit.focus();
    await withdraw(c, '10');
    // A disabled button would drop the focus to <body> in a browser.
    expect(submit.getAttribute('aria-busy')).toBe('true');
    expect(submit.disabled).toBe(false);
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(submit);
    // The wallet step fails (not connected): the way on is the button that retries it.
    await waitFor(() => c.querySelector('[role="alert"]'));
    const next = await waitFor(() => [...c.querySelectorAll('button')].find((b) => /Retry|Send it from your wallet|Check the transaction/.test(b.textContent ?? '')));
    expect(document.activeElement).toBe(next);
    // Its click starts the step again: the button leaves while busy, the step list takes the focus.
    await act(async () => next.click());
    expect(document.activeElement).toBe(c.querySelector('[aria-label="Withdraw steps"]'));
    await waitFor(() => !c.querySelector('button[aria-busy=true]') && [...c.querySelectorAll('button')].find((b) => /Retry|Send it from your wallet/.test(b.textContent ?? '')));
    expect((document.activeElement as HTMLElement).textContent).toMatch(/Retry|Send it from your wallet/);
    pendingWithdrawals.set(`bsc_${CALLER}`, null);
  });
});

describe('withdraw: the bridge fee before anything is asked (issue 18 item 4)', () => {
  it('shows the fee and what arrives, and refuses an amount not above the fee at the field', async () => {
    pendingWithdrawals.set(`bsc_${CALLER}`, null);
    const c = await renderCard();
    const fee = await waitFor(() => (c.querySelector('[data-testid="withdraw-fee"]')?.textContent?.includes('Bridge fee') ? c.querySelector('[data-testid="withdraw-fee"]') : null));
    expect(fee.textContent).toContain('Bridge fee 1.00 DUSD');
    const before = withdrawRequests;
    await withdraw(c, '1');
    expect(c.textContent).toContain('The amount must be more than the 1.00 DUSD bridge fee');
    expect(c.querySelector<HTMLInputElement>('input')!.value).toBe('1');
    expect(c.querySelector('[aria-label="Withdraw steps"]')).toBeNull();
    expect(withdrawRequests).toBe(before);
    await act(async () => {
      const input = c.querySelector<HTMLInputElement>('input')!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '10');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(fee.textContent).toContain('you receive 9.00 DUSD');
  });

  it('Max fills what Cash and Perps hold, rounded down to cents', async () => {
    const c = await renderCard({}, { cash: '100.129', perps: '0.006' });
    await waitFor(() => [...c.querySelectorAll('button')].find((b) => b.textContent === 'Max'));
    await act(async () => [...c.querySelectorAll('button')].find((b) => b.textContent === 'Max')!.click());
    expect(c.querySelector<HTMLInputElement>('input')!.value).toBe('100.13');
  });
});

describe('withdraw: resumes after a reload from the Pending record', () => {
  it('an authorized withdrawal that was never sent offers to send it from the wallet, at the check step', async () => {
    contractInAnswer = EVIL_CONTRACT;
    pendingWithdrawals.set(`bsc_${CALLER}`, { withdrawal: bridgeAnswer(DEVNET_BRIDGE_CONTRACT), txHash: null });
    const c = await renderCard();
    expect(c.querySelector('[data-step="request"]')?.getAttribute('data-state')).toBe('done');
    expect(c.querySelector('[data-step="check"]')?.getAttribute('data-state')).toBe('todo');
    expect(c.querySelector('[data-testid="withdraw-status"]')?.textContent).toMatch(/authorized but not sent yet/);
    const send = [...c.querySelectorAll('button')].find((b) => b.textContent === 'Send it from your wallet')!;
    await act(async () => send.click());
    // It goes straight to the wallet step with the stored authorization: no new request to the bridge.
    const alert = await waitFor(() => c.querySelector('[role="alert"]'));
    expect(alert.textContent).toMatch(/Connect the EVM wallet/);
    expect(c.querySelector('[data-step="check"]')?.getAttribute('data-state')).toBe('failed');
    pendingWithdrawals.set(`bsc_${CALLER}`, null);
  });
});
