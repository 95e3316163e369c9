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
    "worker-src 'self' blob:",
    ...(walletConnect.length ? ['frame-src https://verify.walletconnect.org https://verify.walletconnect.com'] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
