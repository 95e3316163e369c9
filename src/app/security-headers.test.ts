import { rolldown, type Plugin as RolldownPlugin } from 'rolldown';
import { loadEnv } from 'vite';
import { describe, expect, it } from 'vitest';
import { securityHeadersPlugin } from '../../vite.config';
import { contentSecurityPolicy, headersFile, parseHeadersFile, securityHeaders } from './content-security-policy';
import { readConfig } from './read-config';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('security response headers (issue #13 item 11)', () => {
  it('carry the page policy plus frame-ancestors none, DENY, nosniff and no-referrer', () => {
    const config = readConfig({});
    const h = securityHeaders(config);
    expect(h['Content-Security-Policy']).toBe(`${contentSecurityPolicy(config)}; frame-ancestors 'none'`);
    expect(h['X-Frame-Options']).toBe('DENY');
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['Referrer-Policy']).toBe('no-referrer');
  });

  it('dev allows inline scripts (Vite’s refresh preamble) and still refuses framing', () => {
    const h = securityHeaders(readConfig({}), { dev: true });
    expect(directive(h['Content-Security-Policy']!, 'script-src')).toBe("script-src 'self' 'unsafe-inline'");
    expect(h['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['Referrer-Policy']).toBe('no-referrer');
  });

  it('the build emits _headers holding exactly securityHeaders for every path', async () => {
    const entry: RolldownPlugin = {
      name: 'entry',
      resolveId: (id) => (id === 'virtual:entry' ? id : null),
      load: (id) => (id === 'virtual:entry' ? 'export const x = 1;' : null),
    };
    // The plugin reads the build's VITE_* settings as vite does; so does the expectation.
    const env = loadEnv('production', process.cwd(), 'VITE_');
    const bundle = await rolldown({ input: 'virtual:entry', plugins: [entry, securityHeadersPlugin('production') as unknown as RolldownPlugin] });
    const { output } = await bundle.generate({});
    await bundle.close();
    const file = output.find((o) => o.fileName === '_headers');
    expect(file?.type).toBe('asset');
    const text = String((file as { source: string | Uint8Array }).source);
    expect(parseHeadersFile(text)).toEqual({ '/*': securityHeaders(readConfig(env)) });
    expect(text).toBe(headersFile(securityHeaders(readConfig(env))));
  });
});
