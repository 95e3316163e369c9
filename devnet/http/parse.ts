import type { z } from 'zod';
import { badRequest } from './errors';

/** Parses a JSON body against the shared request schema; every failure is a 400 naming the field. */
export function parseBody<S extends z.ZodType>(body: string, schema: S): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    throw badRequest('request body is not valid JSON');
  }
  return parseValue(raw, schema, 'body');
}

export function parseValue<S extends z.ZodType>(raw: unknown, schema: S, what: string): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    if (issue.code === 'unrecognized_keys') throw badRequest(`${what}: unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}`);
    throw badRequest(`${what}${field ? ` field "${field}"` : ''}: ${issue.message}`);
  }
  return parsed.data;
}

/** Query-string accessors: the public service answers a bad query string with a 400. */
export function requiredParam(q: URLSearchParams, name: string): string {
  const v = q.get(name);
  if (v === null || v === '') throw badRequest(`missing query parameter "${name}"`);
  return v;
}

export function intParam(q: URLSearchParams, name: string, opts: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
  const v = q.get(name);
  if (v === null || v === '') {
    if (opts.required) throw badRequest(`missing query parameter "${name}"`);
    return undefined;
  }
  if (!/^-?\d{1,16}$/.test(v)) throw badRequest(`query parameter "${name}" must be an integer`);
  const n = Number(v);
  if (opts.min !== undefined && n < opts.min) throw badRequest(`query parameter "${name}" must be ≥ ${opts.min}`);
  if (opts.max !== undefined && n > opts.max) throw badRequest(`query parameter "${name}" must be ≤ ${opts.max}`);
  return n;
}

export function isoParam(q: URLSearchParams, name: string): string | undefined {
  const v = q.get(name);
  if (v === null || v === '') return undefined;
  if (Number.isNaN(Date.parse(v))) throw badRequest(`query parameter "${name}" must be an ISO 8601 time`);
  return v;
}

export function enumParam<T extends string>(q: URLSearchParams, name: string, values: readonly T[]): T | undefined {
  const v = q.get(name);
  if (v === null || v === '') return undefined;
  if (!values.includes(v as T)) throw badRequest(`query parameter "${name}" must be one of ${values.join(', ')}`);
  return v as T;
}
