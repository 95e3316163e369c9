import { jwks, loginResponse, prepareSignin, type Chain, type LoginBody, type PrepareSigninBody } from './schemas';
import type { Transport } from './transport';

/** Spec §5.1 sign-in: prepare-signin, certs (JWKS), login. */
export function authApi(t: Transport) {
  return {
    prepareSignin: (chain: Chain, body: PrepareSigninBody) =>
      t.post('authUrl', '/v1/offchain/prepare-signin', body, prepareSignin, { query: { chain } }),
    certs: () => t.get('authUrl', '/v1/offchain/certs', jwks),
    login: (chain: Chain, body: LoginBody) => t.post('authUrl', '/v1/offchain/login', body, loginResponse, { query: { chain } }),
  };
}
export type AuthApi = ReturnType<typeof authApi>;
