import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { fuzzValue, hostileValue, validValue, type KnownValues } from './arbitraries.js';
import { encodeUrlPart, fillPath, type Operation } from './operations.js';

/** One request as the suites send it and print it when it fails. */
export interface FuzzRequest {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  /** Sent as-is: a JSON text, or something that is not JSON (or not UTF-8) on purpose. */
  body?: string | Buffer;
}

/** The owner's real ids, by the parameter names the routes use. */
export type Ids = Record<string, string>;

function stringify(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

const RAW_PATH_VALUES = ['%ff', '%00', '%2e%2e', '%c0%af', '..', '%E2%80%AE', 'a%2Fb', '%'];

function pathValue(known: fc.Arbitrary<unknown>): fc.Arbitrary<string | { raw: string }> {
  return fc.oneof(
    { weight: 4, arbitrary: known.map(String) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: hostileValue.map(stringify) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_VALUES).map((raw) => ({ raw })) },
  );
}

const RAW_QUERY_TAILS = [
  '',
  '',
  '',
  '&%ff=1',
  '&a[b][c]=1',
  '&__proto__[x]=1',
  '&x=%00',
  '&&&=',
  '&search=%ff%fe',
];

/** A query parameter's own known value (`query.token`) wins over a body field's of its name. */
function queryName(known: KnownValues, name: string): string {
  return known[`query.${name}`] ? `query.${name}` : name;
}

function queryString(operation: Operation, known: KnownValues): fc.Arbitrary<string> {
  const pairs = operation.queryParams.map((parameter) =>
    fc.option(
      fc.oneof(
        validValue(parameter.schema, known, queryName(known, parameter.name)).map((v) => [
          stringify(v),
        ]),
        fuzzValue(parameter.schema, known, queryName(known, parameter.name)).map((v) => [
          stringify(v),
        ]),
        // Repeated: Fastify's parser makes it an array.
        fc.tuple(hostileValue, hostileValue).map((vs) => vs.map(stringify)),
      ),
      { nil: undefined, freq: 3 },
    ),
  );
  return fc.tuple(fc.tuple(...pairs), fc.constantFrom(...RAW_QUERY_TAILS)).map(([values, tail]) => {
    const parts: string[] = [];
    operation.queryParams.forEach((parameter, index) => {
      for (const value of values[index] ?? [])
        parts.push(`${encodeUrlPart(parameter.name)}=${encodeUrlPart(value)}`);
    });
    const text = parts.join('&') + tail;
    return text ? `?${text}` : '';
  });
}

interface Body {
  contentType?: string;
  body?: string | Buffer;
}

const HOSTILE_TEXT_ARBITRARY = fc.constantFrom(
  'a\u0000b',
  '\u0000',
  'x\uD800',
  '\u0001\u001b[0m\u007f',
  '🚀\u202E',
  'x'.repeat(70_000),
);

/** `value` with its `pick`-th string (modulo their number) replaced by `text`. */
function replaceOneText(value: unknown, pick: number, text: string): unknown {
  const paths: (string | number)[][] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    if (typeof node === 'string') paths.push(path);
    else if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...path, index]));
    else if (node && typeof node === 'object')
      Object.entries(node).forEach(([key, item]) => walk(item, [...path, key]));
  };
  walk(value, []);
  if (paths.length === 0) return value;
  const target = paths[pick % paths.length]!;
  if (target.length === 0) return text;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of target.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[target[target.length - 1]!] = text;
  return copy;
}

const NOT_JSON = ['{', '{"a":', 'nul', '\u0000', '[1,]', '{"a":1}{"b":2}', '\uFEFF{}', "{'a':1}"];

function body(operation: Operation, known: KnownValues): fc.Arbitrary<Body> {
  const json = 'application/json';
  const wellTyped: fc.Arbitrary<Body> = operation.body
    ? fuzzValue(operation.body, known).map((value) => ({
        contentType: json,
        body: JSON.stringify(value),
      }))
    : fc.constant({});
  const valid: fc.Arbitrary<Body> = operation.body
    ? validValue(operation.body, known).map((value) => ({
        contentType: json,
        body: JSON.stringify(value),
      }))
    : fc.constant({});
  // A valid body with one text replaced: the request reaches the handler and the database
  // with exactly one hostile text in it (how NUL once reached PostgreSQL).
  const oneHostileText: fc.Arbitrary<Body> = operation.body
    ? fc
        .tuple(validValue(operation.body, known, undefined, true), fc.nat(), HOSTILE_TEXT_ARBITRARY)
        .map(([value, pick, text]) => ({
          contentType: json,
          body: JSON.stringify(replaceOneText(value, pick, text)),
        }))
    : fc.constant({});
  return fc.oneof(
    { weight: 4, arbitrary: wellTyped },
    { weight: 3, arbitrary: oneHostileText },
    { weight: 2, arbitrary: valid },
    {
      weight: 1,
      arbitrary: hostileValue.map((value) => ({ contentType: json, body: JSON.stringify(value) })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...NOT_JSON).map((text) => ({ contentType: json, body: text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/json; charset=latin1',
            'application/xml',
            '\u0000',
          ),
          wellTyped,
        )
        .map(([contentType, { body: text }]) => ({ contentType, body: text ?? 'a=1' })),
    },
    // Bytes that are no UTF-8, sent as JSON.
    {
      weight: 1,
      arbitrary: fc.constant({
        contentType: json,
        body: Buffer.from([
          0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x22, 0x7d,
        ]),
      }),
    },
    // Nesting deeper than any value built in memory could go: written as text.
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '['.repeat(100_000) + ']'.repeat(100_000),
          '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000),
        )
        .map((text) => ({ contentType: json, body: text })),
    },
    // Over the 1 MB body limit.
    {
      weight: 1,
      arbitrary: fc.constant({ contentType: json, body: `{"name":"${'x'.repeat(1_100_000)}"}` }),
    },
  );
}

/**
 * Requests for one operation: the owner's real ids most of the time (so requests reach the
 * handler and the database), hostile ones otherwise; hostile query strings and bodies.
 */
export function fuzzRequests(
  operation: Operation,
  ids: Ids,
  known: KnownValues,
  token: string,
): fc.Arbitrary<FuzzRequest> {
  const real = pathIds(operation, ids);
  const pathValues = operation.pathParams.map((parameter) =>
    pathValue(fc.constant(real[parameter.name])),
  );
  return fc
    .tuple(fc.tuple(...pathValues), queryString(operation, known), body(operation, known))
    .map(([values, query, { contentType, body: text }]) => {
      const url =
        fillPath(
          operation.path,
          Object.fromEntries(
            operation.pathParams.map((parameter, index) => [parameter.name, values[index]!]),
          ),
        ) + query;
      const headers: Record<string, string> = operation.secured
        ? { authorization: `Bearer ${bearerToken(operation, ids, token)}` }
        : {};
      if (contentType !== undefined) headers['content-type'] = contentType;
      return {
        method: operation.method,
        url,
        headers,
        ...(text !== undefined ? { body: text } : {}),
      };
    });
}

/**
 * Requests with the owner's real ids and a complete valid body: what should get past validation
 * and ownership, so the fuzz can tell a route it reaches from one it only ever sees refused.
 */
export function validRequests(
  operation: Operation,
  ids: Ids,
  known: KnownValues,
  token: string,
): fc.Arbitrary<FuzzRequest> {
  const query = fc.tuple(
    ...operation.queryParams.map((parameter) =>
      fc.option(validValue(parameter.schema, known, queryName(known, parameter.name)), {
        nil: undefined,
      }),
    ),
  );
  const body = operation.body
    ? validValue(operation.body, known, undefined, true)
    : fc.constant(undefined);
  return fc.tuple(query, body).map(([values, value]) => {
    const parts = operation.queryParams.flatMap((parameter, index) =>
      values[index] === undefined
        ? []
        : [`${encodeUrlPart(parameter.name)}=${encodeUrlPart(stringify(values[index]))}`],
    );
    const url =
      fillPath(operation.path, pathIds(operation, ids)) +
      (parts.length ? `?${parts.join('&')}` : '');
    const headers: Record<string, string> = operation.secured
      ? { authorization: `Bearer ${bearerToken(operation, ids, token)}` }
      : {};
    if (value === undefined) return { method: operation.method, url, headers };
    headers['content-type'] = 'application/json';
    return { method: operation.method, url, headers, body: JSON.stringify(value) };
  });
}

/**
 * The token a request carries: the user's, or for a route that takes a project's incident token
 * instead, the fixture's token of that project.
 */
function bearerToken(operation: Operation, ids: Ids, token: string): string {
  return !operation.userToken && ids.incidentToken ? ids.incidentToken : token;
}

/** The owner's id for each path parameter; a parameter the fixture has no value for fails loudly. */
export function pathIds(operation: Operation, ids: Ids): Ids {
  return Object.fromEntries(
    operation.pathParams.map((parameter) => {
      const real = ids[parameter.name];
      if (real === undefined)
        throw new Error(
          `${operation.method} ${operation.path}: no real value for path parameter "${parameter.name}"; add it to the owner fixture`,
        );
      return [parameter.name, real];
    }),
  );
}

export function toInject(request: FuzzRequest): InjectOptions {
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    ...(request.body !== undefined ? { payload: request.body } : {}),
  };
}

/** The request as a line a developer can read and replay (long texts cut). */
export function printRequest(request: FuzzRequest): string {
  const cut = (text: string): string =>
    text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
  const headers = Object.entries(request.headers)
    .filter(([name]) => name !== 'authorization')
    .map(([name, value]) => `${name}: ${JSON.stringify(value)}`)
    .join(', ');
  return `${request.method} ${cut(request.url)}${headers ? ` [${headers}]` : ''}${
    request.body === undefined
      ? ''
      : typeof request.body === 'string'
        ? ` body ${JSON.stringify(cut(request.body))}`
        : ` body bytes ${request.body.toString('hex')}`
  }`;
}
