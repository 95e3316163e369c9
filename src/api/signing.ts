import { bytesToBase64 } from '../lib/base64';

export const SIGN_VERSION = 'v1';

/** Whatever holds the session's ed25519 private key. */
export interface BodySigner {
  sign(message: Uint8Array): Promise<Uint8Array>;
}

/** Spec §5.2: `{version},{request id},{timestamp},{payload}` where payload is the exact body sent. */
export function bodySignatureMessage(requestId: string, timestampMs: number, body: string): Uint8Array {
  return new TextEncoder().encode(`${SIGN_VERSION},${requestId},${timestampMs},${body}`);
}

export interface SignatureHeaders {
  'x-request-sign-version': string;
  'x-request-id': string;
  'x-request-timestamp': string;
  'x-request-signature': string;
}

export async function signBody(
  signer: BodySigner,
  body: string,
  timestampMs: number,
  requestId: string = crypto.randomUUID(),
): Promise<SignatureHeaders> {
  const signature = await signer.sign(bodySignatureMessage(requestId, timestampMs, body));
  return {
    'x-request-sign-version': SIGN_VERSION,
    'x-request-id': requestId,
    'x-request-timestamp': String(timestampMs),
    'x-request-signature': bytesToBase64(signature),
  };
}
