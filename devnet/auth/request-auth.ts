import { forbidden, tooManyRequests } from '../http/errors';
import type { DevnetRequest } from '../http/server';
import { bearerToken, verifyAccessToken, type TokenClaims } from './access-token';
import type { BodySignatureVerifier } from './body-signature';
import type { RateLimiter } from './rate-limit';

/** Who is asking and as whom: `account` is the vault when `x-impersonate` is used, else the owner. */
export interface Caller {
  account: string;
  owner: string;
  claims: TokenClaims;
  impersonating: boolean;
}

export interface RequestAuthDeps {
  tokenSecret: Uint8Array;
  signatures: BodySignatureVerifier;
  limiter: RateLimiter;
  vaultOwner: (vaultId: string) => string | undefined;
  now: () => number;
}

/** Spec §5.4: only the owner may act as a `cv_…` vault; anything else is refused with 403. */
export function resolveImpersonation(owner: string, header: string | string[] | undefined, vaultOwner: (id: string) => string | undefined): string {
  if (header === undefined || header === '') return owner;
  if (typeof header !== 'string') throw forbidden('x-impersonate given more than once');
  if (!header.startsWith('cv_')) throw forbidden('x-impersonate must be a vault id starting with cv_');
  if (vaultOwner(header) !== owner) throw forbidden(`not the owner of vault ${header}`);
  return header;
}

export function requestAuthenticator(deps: RequestAuthDeps) {
  return async (req: DevnetRequest, opts: { signed: boolean }): Promise<Caller> => {
    const claims = await verifyAccessToken(deps.tokenSecret, bearerToken(req.headers.authorization), Math.floor(deps.now() / 1000));
    if (opts.signed) await deps.signatures.verify(req.headers, req.body, claims.sessionKey);
    const limited = deps.limiter.accountProblem(claims.account);
    if (limited) throw tooManyRequests(limited);
    const account = resolveImpersonation(claims.account, req.headers['x-impersonate'], deps.vaultOwner);
    return { account, owner: claims.account, claims, impersonating: account !== claims.account };
  };
}
export type Authenticate = ReturnType<typeof requestAuthenticator>;
