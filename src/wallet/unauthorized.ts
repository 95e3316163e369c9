/**
 * Any 401 to an authenticated request (expired or revoked token, a session key the service no
 * longer accepts) tells the session feature to prompt a re-sign-in. The transport takes this
 * `fetch`; listeners hear about 401s without the transport knowing about UI.
 */
type Listener = (url: string) => void;
const listeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function hasBearer(init: RequestInit | undefined): boolean {
  const h = init?.headers;
  if (!h) return false;
  if (h instanceof Headers) return h.has('authorization');
  if (Array.isArray(h)) return h.some(([k]) => k.toLowerCase() === 'authorization');
  return Object.keys(h).some((k) => k.toLowerCase() === 'authorization');
}

export const sessionAwareFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (res.status === 401 && hasBearer(init)) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    for (const l of listeners) l(url);
  }
  return res;
};
