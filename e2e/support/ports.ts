import { E2E, relayPort } from '../../playwright.config';

/**
 * The e2e devnet, chain and app ports: playwright.config's, unless WALLET_E2E_BASE / _CHAIN / _APP
 * say otherwise (e2e/support/playwright.alt-ports.config.ts runs beside another engineer's run).
 */
const base = Number(process.env.WALLET_E2E_BASE ?? E2E.base);
export const PORTS = {
  base,
  chain: Number(process.env.WALLET_E2E_CHAIN ?? E2E.chain),
  app: Number(process.env.WALLET_E2E_APP ?? E2E.app),
  /** The stream relay every page's streams go through (e2e/support/stream-relay.ts). */
  relay: relayPort(base),
};
export const BASE = `http://127.0.0.1:${PORTS.base}`;
export const AUTH = `http://127.0.0.1:${PORTS.base + 1}`;
export const RPC = `http://127.0.0.1:${PORTS.chain}`;
