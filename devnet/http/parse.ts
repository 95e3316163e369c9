import type { z } from 'zod';
import { badQuery, badRequest } from './errors';

/**
 * Parses a JSON body against the shared request schema; every failure is a 400 naming the field.
 * Lenient like the public service (decisions.md "Errors" → Leniency): unknown keys are dropped, never
 * applied; wrong types, missing required fields and bad enums are still refused.
 */
export function parseBody<S extends z.ZodType>(body: string, schema: S): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    throw badRequest('request body is not valid JSON');
  }
  return parseValue(raw, schema, 'body', { lenient: true });
}

/** Removes the key `key` at `path` of a JSON value (a copy is made along the path). */
function withoutKeys(value: unknown, path: readonly PropertyKey[], keys: readonly string[]): unknown {
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<PropertyKey, unknown> | unknown[] = Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) };
  const here = copy as Record<PropertyKey, unknown>;
  if (path.length === 0) {
    for (const k of keys) delete here[k];
    return copy;
  }
  const [head, ...rest] = path;
  here[head!] = withoutKeys(here[head!], rest, keys);
  return copy;
}

/**
 * `lenient`: unknown keys (the shared schemas are strict, which is right for the app that must never
 * send one) are stripped at whatever depth they occur and the rest parsed again, so an extra key can
 * neither be applied nor hide a real error behind "unknown field".
 */
export function parseValue<S extends z.ZodType>(raw: unknown, schema: S, what: string, opts: { lenient?: boolean } = {}): z.infer<S> {
  let parsed = schema.safeParse(raw);
  // Each round removes every unknown key zod reported; nesting is bounded by the schema, so few rounds.
  for (let round = 0; opts.lenient && !parsed.success && round < 8; round++) {
    const unknown = parsed.error.issues.filter((i) => i.code === 'unrecognized_keys');
    if (unknown.length === 0) break;
    for (const issue of unknown) raw = withoutKeys(raw, issue.path, issue.keys);
    parsed = schema.safeParse(raw);
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    if (issue.code === 'unrecognized_keys') throw badRequest(`${what}: unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}`);
    throw badRequest(`${what}${field ? ` field "${field}"` : ''}: ${issue.message}`);
  }
  return parsed.data;
}

/** Query-string accessors: the public service answers a bad query string with a plain-text 400 (decisions.md "Errors"). */
export function requiredParam(q: URLSearchParams, name: string): string {
  const v = q.get(name);
  if (v === null || v === '') throw badQuery(`missing query parameter "${name}"`);
  return v;
}

export function intParam(q: URLSearchParams, name: string, opts: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
  const v = q.get(name);
  if (v === null || v === '') {
    if (opts.required) throw badQuery(`missing query parameter "${name}"`);
    return undefined;
  }
  if (!/^-?\d{1,16}$/.test(v)) throw badQuery(`query parameter "${name}" must be an integer`);
  const n = Number(v);
  if (opts.min !== undefined && n < opts.min) throw badQuery(`query parameter "${name}" must be ≥ ${opts.min}`);
  if (opts.max !== undefined && n > opts.max) throw badQuery(`query parameter "${name}" must be ≤ ${opts.max}`);
  return n;
}

export function isoParam(q: URLSearchParams, name: string): string | undefined {
  const v = q.get(name);
  if (v === null || v === '') return undefined;
  if (Number.isNaN(Date.parse(v))) throw badQuery(`query parameter "${name}" must be an ISO 8601 time`);
  return v;
}

export function enumParam<T extends string>(q: URLSearchParams, name: string, values: readonly T[]): T | undefined {
  const v = q.get(name);
  if (v === null || v === '') return undefined;
  if (!values.includes(v as T)) throw badQuery(`query parameter "${name}" must be one of ${values.join(', ')}`);
  return v as T;
}
