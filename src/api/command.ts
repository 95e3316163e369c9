import { ApiError } from './errors';
import { envelope, type Envelope } from './schemas';
import type { Service, Transport } from './transport';

/** A signed command returning the `{code,message,request_id}` envelope; a non-zero code throws. */
export async function signedCommand(
  transport: Transport,
  service: Service,
  path: string,
  body: unknown,
  headers?: Record<string, string>,
): Promise<Envelope> {
  const env = await transport.post(service, path, body, envelope, { sign: true, headers: headers ?? {} });
  if (env.code !== 0) {
    throw new ApiError({
      kind: 'rejected',
      code: env.code,
      status: 200,
      message: env.message,
      requestId: env.request_id,
      endpoint: `POST ${path}`,
    });
  }
  return env;
}
