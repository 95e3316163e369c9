import { z } from 'zod';
import { int } from './primitives';

/** Response of POST /v1/offchain/prepare-signin (spec §5.1). */
export const prepareSignin = z.object({ success: z.boolean(), signedData: z.string() });
export type PrepareSignin = z.infer<typeof prepareSignin>;

/** Decoded payload of signedData (spec §5.1.3). */
export const signedDataPayload = z.object({
  domain: z.string(),
  uri: z.string(),
  statement: z.string(),
  version: z.string(),
  chainId: int,
  nonce: z.string(),
  address: z.string(),
  requestId: z.string(),
  issuedAt: z.string(),
  message: z.string(),
  exp: int,
  iat: int,
});
export type SignedDataPayload = z.infer<typeof signedDataPayload>;

/** JWKS of GET /v1/offchain/certs (decisions.md: ES256 P-256 keys). */
export const jwks = z.object({
  keys: z.array(
    z.looseObject({
      kty: z.literal('EC'),
      crv: z.literal('P-256'),
      alg: z.literal('ES256').optional(),
      kid: z.string(),
      x: z.string(),
      y: z.string(),
    }),
  ),
});
export type Jwks = z.infer<typeof jwks>;

/** Response of POST /v1/offchain/login. */
export const loginResponse = z.object({
  token: z.string(),
  address: z.string(),
  alias: z.string(),
  chain: z.string(),
  perpsAlpha: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponse>;
