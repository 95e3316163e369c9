import type { AppConfig } from './read-config';

/** The scheme://host:port of a URL: what a CSP source list names (ws:/wss: included). */
function originOf(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}`;
}

/**
 * The built app's Content-Security-Policy: scripts only from the app's own origin (no inline
 * script, no eval), and the network only to the services this build is configured for — an
 * injected script cannot post a session token anywhere else. Styles allow inline attributes
 * because the chart and React set element styles; images allow data: for the deposit QR code.
 */
export function contentSecurityPolicy(config: AppConfig): string {
  const services = [config.baseUrl, config.authUrl, config.bridgeUrl, config.geoUrl, config.evmRpcUrl].map(originOf);
  const streams = [config.streamUrl, config.orderStreamUrl].map(originOf);
  // WalletConnect's relay, pairing verifier and wallet registry, only when it is configured.
  const walletConnect = config.walletConnectProjectId
    ? ['https://*.walletconnect.org', 'wss://*.walletconnect.org', 'https://*.walletconnect.com', 'wss://*.walletconnect.com', 'https://*.reown.com']
    : [];
  const connect = [...new Set(["'self'", ...services, ...streams, ...walletConnect])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${walletConnect.length ? ' https://*.walletconnect.com https://*.reown.com' : ''}`,
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    // The market worker (api/stream/market-worker.ts) is a bundled file of the app's own origin; no
    // code of the app or its libraries starts a worker from a blob: URL.
    "worker-src 'self'",
    ...(walletConnect.length ? ['frame-src https://verify.walletconnect.org https://verify.walletconnect.com'] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The response headers every page and asset of the app is served with (static hosting reads them
 * from `_headers`; `vite preview` and `vite dev` send them too). The header CSP is the page policy
 * plus `frame-ancestors 'none'`, which a `<meta>` CSP cannot carry: no other site may frame the app
 * (clickjacking a withdraw or an order). `X-Frame-Options: DENY` says the same to older browsers.
 * Referrer-Policy `no-referrer`: the app needs no Referer anywhere, and its URLs stay its own.
 *
 * `dev`: Vite's dev server injects inline module scripts (the React refresh preamble) and talks
 * to its HMR client over a WebSocket on its own origin, so dev's policy also allows inline scripts.
 */
export function securityHeaders(config: AppConfig, o: { dev?: boolean } = {}): Record<string, string> {
  let policy = contentSecurityPolicy(config);
  if (o.dev) policy = policy.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");
  return {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header's value
    'Content-Security-Policy': `${policy}; frame-ancestors 'none'`,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}

/** `_headers` for static hosts that read it (Netlify, Cloudflare Pages): the headers on every path. */
export function headersFile(headers: Record<string, string>): string {
  return ['/*', ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), ''].join('\n');
}

/** Reads a `_headers` file back (for the check that the built one matches `securityHeaders`). */
export function parseHeadersFile(text: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  let path: string | null = null;
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      path = line.trim();
      out[path] = {};
    } else if (path) {
      const i = line.indexOf(':');
      out[path]![line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  return out;
}
