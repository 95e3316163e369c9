import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { base64ToBytes } from '../lib/base64';
import { createSessionKey, sessionKeyFromSecret } from './session-key';
import { bodySignatureMessage, signBody } from '../api/signing';

/** An independent verifier (tweetnacl) of what the service receives: headers plus the body string. */
function verifies(requestId: string, headers: Record<string, string>, body: string): boolean {
  const message = new TextEncoder().encode(
    `${headers['x-request-sign-version']},${headers['x-request-id']},${headers['x-request-timestamp']},${body}`,
  );
  return nacl.sign.detached.verify(message, base64ToBytes(headers['x-request-signature']!), bs58.decode(requestId));
}

const bodies = [
  '{"symbol":"BTC-USD","side":"buy","order_type":"limit","qty":"0.01","price":"65000.5","time_in_force":"gtc","reduce_only":false}',
  '{"remark":"größe ✓ 日本語 🚀","qty":"1"}',
  '{ "a" :  "spaced\\tout" ,\n "b": "line\\nbreak" }\n',
  '',
];

describe('body signature (spec §5.2)', () => {
  it('builds the exact message `v1,{id},{ts},{body}`', () => {
    const bytes = bodySignatureMessage('req-1', 1754881200123, '{"a":"é"}');
    expect(new TextDecoder().decode(bytes)).toBe('v1,req-1,1754881200123,{"a":"é"}');
  });

  it.each(bodies)('a WebCrypto non-extractable session key signs %j verifiably', async (body) => {
    const key = await createSessionKey();
    expect(key.nonExtractable).toBe(true);
    expect(bs58.decode(key.requestId)).toHaveLength(32);
    const headers = await signBody(key, body, 1754881200123, 'a1b2c3');
    expect(headers['x-request-sign-version']).toBe('v1');
    expect(headers['x-request-timestamp']).toBe('1754881200123');
    expect(verifies(key.requestId, { ...headers }, body)).toBe(true);
  });

  it('the noble fallback key signs the same way', async () => {
    const key = sessionKeyFromSecret(nacl.randomBytes(32));
    const headers = await signBody(key, bodies[1]!, Date.now());
    expect(verifies(key.requestId, { ...headers }, bodies[1]!)).toBe(true);
  });

  it('a one-byte change to body, id or timestamp fails verification', async () => {
    const key = await createSessionKey();
    const body = bodies[0]!;
    const headers = { ...(await signBody(key, body, 1754881200123, 'id-1')) };
    expect(verifies(key.requestId, headers, body.replace('0.01', '0.02'))).toBe(false);
    expect(verifies(key.requestId, headers, `${body} `)).toBe(false);
    expect(verifies(key.requestId, { ...headers, 'x-request-id': 'id-2' }, body)).toBe(false);
    expect(verifies(key.requestId, { ...headers, 'x-request-timestamp': '1754881200124' }, body)).toBe(false);
  });

  it('a signature by another session key does not verify against ours', async () => {
    const ours = await createSessionKey();
    const theirs = await createSessionKey();
    const headers = { ...(await signBody(theirs, bodies[0]!, 1)) };
    expect(verifies(ours.requestId, headers, bodies[0]!)).toBe(false);
  });

  it('the private key cannot be exported', async () => {
    const key = await createSessionKey();
    await expect(crypto.subtle.exportKey('pkcs8', key.cryptoKeyPair!.privateKey)).rejects.toThrow();
  });
});
