import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/** gzip level of the served files (what a static host precompresses with) and of the reported sizes. */
export const GZIP_LEVEL = 9;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};

interface Entry {
  raw: Buffer;
  gz: Buffer | null;
  type: string;
}

export interface StaticServer {
  url: string;
  /** Raw and gzip sizes of a served path such as `/assets/index-abc.js`. */
  sizes(path: string): { raw: number; gzip: number } | null;
  close(): Promise<void>;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

export interface ServeOptions {
  /** COOP/COEP: cross-origin isolation (bench pages: finer timers); the app is served without. */
  crossOriginIsolated?: boolean;
  /** Files served beside the build, URL path → file (the probe's market-worker wrapper, browser.ts PROBE_FILES). */
  extraFiles?: Record<string, string>;
}

/**
 * A production-like static server for a `vite build` output: every file precompressed with gzip
 * (sent when the browser accepts it), immutable caching for hashed assets, SPA fallback to
 * index.html. Content-Length is exact, so the page's resource timing reports the gzip bytes.
 */
export async function serveStatic(root: string, port: number, opts: ServeOptions = {}): Promise<StaticServer> {
  const files = new Map<string, Entry>();
  const add = (path: string, file: string) => {
    const raw = readFileSync(file);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const compressible = !file.endsWith('.map') && /^(text|application\/json|image\/svg)/.test(type);
    files.set(path, { raw, gz: compressible ? gzipSync(raw, { level: GZIP_LEVEL }) : null, type });
  };
  for (const file of walk(root)) add(`/${relative(root, file).split(sep).join('/')}`, file);
  for (const [path, file] of Object.entries(opts.extraFiles ?? {})) add(path, file);
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const entry = files.get(path) ?? (extname(path) === '' ? files.get('/index.html') : undefined);
    if (!entry) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const gzip = entry.gz !== null && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? entry.gz! : entry.raw;
    res.writeHead(200, {
      'content-type': entry.type,
      'content-length': body.length,
      'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      'timing-allow-origin': '*',
      // Bench pages only: cross-origin isolation gives performance.now() 5 µs instead of 100 µs.
      ...(opts.crossOriginIsolated ? { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' } : {}),
      ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    sizes: (path) => {
      const e = files.get(path);
      return e ? { raw: e.raw.length, gzip: e.gz?.length ?? e.raw.length } : null;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
