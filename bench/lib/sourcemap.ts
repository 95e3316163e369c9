import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';

/**
 * Resolves a script position in a served bundle (`http://host/assets/x.js` + character offset, as
 * long-animation-frame entries report it) to `original/file.ts:line` through `dir/assets/x.js.map`.
 */
export function createResolver(dir: string) {
  const cache = new Map<string, { map: SourceMap; lineStarts: number[] } | null>();
  const load = (path: string) => {
    if (!cache.has(path)) {
      const file = `${dir}${path}`;
      if (!existsSync(file) || !existsSync(`${file}.map`)) cache.set(path, null);
      else {
        const text = readFileSync(file, 'utf8');
        const lineStarts = [0];
        for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
        cache.set(path, { map: new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]), lineStarts });
      }
    }
    return cache.get(path)!;
  };
  return (url: string, char: number): string => {
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      return url || '(unknown)';
    }
    const m = load(path);
    if (!m || char < 0) return `${path}@${char}`;
    let line = 0;
    while (line + 1 < m.lineStarts.length && m.lineStarts[line + 1]! <= char) line++;
    const e = m.map.findEntry(line, char - m.lineStarts[line]!) as { originalSource?: string; originalLine?: number; name?: string };
    if (!e?.originalSource) return `${path}@${char}`;
    const src = e.originalSource.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
    return `${e.name ? `${e.name} ` : ''}${src}:${(e.originalLine ?? 0) + 1}`;
  };
}
