import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { readConfig } from './src/app/read-config';
import { contentSecurityPolicy, headersFile, securityHeaders } from './src/app/content-security-policy';

/**
 * Lingui's macros (t`…`, msg`…`, <Trans>) compiled to message ids: only the files that import them
 * go through Babel, the rest stay on Vite's own (faster) transform. Shared with vitest.config.ts.
 */
export function linguiMacros() {
  return babel({
    presets: [
      defineRolldownBabelPreset({
        preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
        rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
      }),
    ],
    parserOpts: { plugins: ['typescript', 'jsx'] },
  });
}

/** The production page carries its CSP (dev keeps Vite's inline HMR client working). */
function contentSecurityPolicyMeta(mode: string): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy(readConfig(loadEnv(mode, process.cwd(), 'VITE_'))) },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * The response headers (CSP with frame-ancestors 'none', X-Frame-Options, nosniff, Referrer-Policy):
 * written to `_headers` next to the build for static hosts, and sent by `vite preview` (the same
 * set) and `vite dev` (its CSP also allows Vite's inline refresh preamble).
 */
export function securityHeadersPlugin(mode: string): Plugin {
  const config = () => readConfig(loadEnv(mode, process.cwd(), 'VITE_'));
  const send = (headers: Record<string, string>) => (_req: IncomingMessage, res: ServerResponse, next: () => void) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    next();
  };
  return {
    name: 'security-headers',
    configureServer: (server) => void server.middlewares.use(send(securityHeaders(config(), { dev: true }))),
    configurePreviewServer: (server) => void server.middlewares.use(send(securityHeaders(config()))),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(securityHeaders(config())) });
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [
    linguiMacros(),
    react(),
    // The .po catalogues compile on import; in a production build a message with no translation fails it.
    lingui({ failOnMissing: mode === 'production' }),
    tailwindcss(),
    contentSecurityPolicyMeta(mode),
    securityHeadersPlugin(mode),
  ],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: { target: 'es2022', sourcemap: true },
  // The market worker (src/api/stream/market-worker.ts) as ES modules, so its dynamic import of zod
  // stays a separate chunk that loads after the worker has set zod's jitless config.
  worker: { format: 'es' },
}));
