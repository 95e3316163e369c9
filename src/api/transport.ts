import type { z } from 'zod';
import { ApiError, errorFromResponse, invalidResponse } from './errors';
import { signBody, type BodySigner } from './signing';

export interface ServiceUrls {
  baseUrl: string;
  authUrl: string;
  bridgeUrl: string;
  geoUrl: string;
}
export type Service = keyof ServiceUrls;

/** What an authenticated request needs: the bearer token and the session key that signs bodies. */
export interface Credentials {
  token: string;
  signer: BodySigner;
}

export interface TransportOptions {
  urls: ServiceUrls;
  getCredentials?: () => Credentials | null;
  /** The vault to act as (`x-impersonate`), or null for the account itself. */
  getImpersonate?: () => string | null;
  /** Server-aligned clock in ms; signatures carry it so a skewed laptop still signs valid requests. */
  now?: () => number;
  fetch?: typeof fetch;
  /** How long a request may go unanswered before it is given up as no answer (default REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
}

/**
 * A hung service keeps TCP up and answers nothing: without a bound a request (and the button waiting
 * on it) would hang as long as the service does. 10 s is well past any healthy answer (p99 ≈ 30 ms
 * on the devnet, bench figure 5) yet short enough for a trader to be told "outcome unknown".
 */
export const REQUEST_TIMEOUT_MS = 10_000;

export type QueryValue = string | number | boolean | undefined | null;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  auth?: boolean;
  headers?: Record<string, string>;
}

export const VAULT_PREFIX = 'cv_';

export function buildUrl(root: string, path: string, query?: Query): string {
  const url = new URL(`${root.replace(/\/$/, '')}${path}`);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  }
  return url.toString();
}

interface Answer {
  status: number;
  text: string;
  ok: boolean;
  statusText: string;
  retryAfter: string | null;
}
const failure = (res: Answer, endpoint: string) =>
  Object.assign(errorFromResponse(res.status, res.statusText, res.text, endpoint), { retryAfter: res.retryAfter });

export class Transport {
  readonly urls: ServiceUrls;
  private readonly opts: TransportOptions;

  constructor(opts: TransportOptions) {
    this.opts = opts;
    this.urls = opts.urls;
  }

  now(): number {
    return this.opts.now ? this.opts.now() : Date.now();
  }

  private authHeaders(endpoint: string, required: boolean): Record<string, string> {
    const headers: Record<string, string> = {};
    const creds = this.opts.getCredentials?.() ?? null;
    if (!creds) {
      if (required) {
        throw new ApiError({ kind: 'client', code: 401, status: 401, message: 'Sign in to continue', endpoint });
      }
      return headers;
    }
    headers.authorization = `Bearer ${creds.token}`;
    const vault = this.opts.getImpersonate?.() ?? null;
    if (vault !== null) {
      if (!vault.startsWith(VAULT_PREFIX)) {
        throw new ApiError({
          kind: 'client',
          code: 400,
          status: 400,
          message: `x-impersonate must be a vault id starting with "${VAULT_PREFIX}" (got "${vault}")`,
          endpoint,
        });
      }
      headers['x-impersonate'] = vault;
    }
    return headers;
  }

  private async send(endpoint: string, url: string, init: RequestInit): Promise<Answer> {
    const timeoutMs = this.opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, timeoutMs);
    try {
      // The body is read under the same bound: a service can hang after the headers too.
      const res = await (this.opts.fetch ?? fetch)(url, { ...init, signal: abort.signal });
      return { status: res.status, statusText: res.statusText, ok: res.ok, text: await res.text(), retryAfter: res.headers.get('retry-after') };
    } catch (e) {
      const host = new URL(url).host;
      if (timedOut) {
        throw new ApiError({ kind: 'timeout', code: 0, status: 0, message: `No answer from ${host} within ${timeoutMs / 1000} s`, endpoint });
      }
      throw new ApiError({ kind: 'network', code: 0, status: 0, message: `Cannot reach ${host}: ${e instanceof Error ? e.message : String(e)}`, endpoint });
    } finally {
      clearTimeout(timer);
    }
  }

  private parse<S extends z.ZodType>(endpoint: string, status: number, text: string, schema: S): z.infer<S> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiError({
        kind: 'invalid_response',
        code: -1,
        status,
        message: `Unexpected response from ${endpoint}: not JSON (${text.slice(0, 80)})`,
        endpoint,
      });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw invalidResponse(endpoint, status, parsed.error);
    return parsed.data;
  }

  /** GET a resource and validate it against its schema. */
  async get<S extends z.ZodType>(service: Service, path: string, schema: S, opts: RequestOptions = {}): Promise<z.infer<S>> {
    const endpoint = `GET ${path}`;
    const headers = { ...(opts.auth ? this.authHeaders(endpoint, true) : {}), ...opts.headers };
    const res = await this.send(endpoint, buildUrl(this.urls[service], path, opts.query), { method: 'GET', headers });
    if (!res.ok) throw failure(res, endpoint);
    return this.parse(endpoint, res.status, res.text, schema);
  }

  /** GET a plain-text resource (health). */
  async getText(service: Service, path: string): Promise<string> {
    const endpoint = `GET ${path}`;
    const res = await this.send(endpoint, buildUrl(this.urls[service], path), { method: 'GET' });
    if (!res.ok) throw failure(res, endpoint);
    return res.text;
  }

  /**
   * POST a JSON body. With `sign`, the exact string sent is what gets signed (spec §5.2), so it is
   * serialised once here and never again.
   */
  async post<S extends z.ZodType>(
    service: Service,
    path: string,
    body: unknown,
    schema: S,
    opts: RequestOptions & { sign?: boolean } = {},
  ): Promise<z.infer<S>> {
    const endpoint = `POST ${path}`;
    const bodyText = JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (opts.auth || opts.sign) Object.assign(headers, this.authHeaders(endpoint, true));
    if (opts.sign) {
      const creds = this.opts.getCredentials?.();
      if (!creds) throw new ApiError({ kind: 'client', code: 401, status: 401, message: 'Sign in to continue', endpoint });
      Object.assign(headers, await signBody(creds.signer, bodyText, Math.round(this.now())));
    }
    Object.assign(headers, opts.headers);
    const res = await this.send(endpoint, buildUrl(this.urls[service], path, opts.query), {
      method: 'POST',
      headers,
      body: bodyText,
    });
    if (!res.ok) throw failure(res, endpoint);
    return this.parse(endpoint, res.status, res.text, schema);
  }
}
