/**
 * fast-check arbitraries for hostile input: strings (unicode, control characters, lone surrogates, huge), values
 * of every JSON type at the wrong place, deep nesting, prototype-pollution keys, and request bodies built from a
 * schema's field names (near-valid ones with one field broken, and random ones).
 */
import fc from 'fast-check';
import type { z } from 'zod';

/** Keys that try to reach an object's prototype; the payloads set `polluted` there. */
export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u0000.png',
  '\u202Eevil.exe',
  '\r\nX-Injected: 1',
  '../../etc/passwd',
  '..\\..\\x.dxf',
  '/',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}{{7*7}}',
  '%00',
  '%E0%A4%A',
  '\uFEFF',
  '\uD800',
  '\uDFFF',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9007199254740993',
  'null',
  'true',
  '[]',
  '{}',
  'USER#x',
  'PROJECT#x',
];

const controlChars = fc.string({
  unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  maxLength: 20,
});

/** A huge string: repeated ASCII, accented, astral or NUL characters. */
export const hugeString = fc
  .tuple(fc.integer({ min: 1_000, max: 200_000 }), fc.constantFrom('x', 'é', '😀', '\u0000', '\u202E'))
  .map(([n, c]) => c.repeat(n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string(), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme' }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary' }), weight: 2 },
  { arbitrary: controlChars, weight: 1 },
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 3 },
);

/** A hostile string that is now and then huge (for a field, not for every leaf of a structure). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileString, weight: 19 },
  { arbitrary: hugeString, weight: 1 },
);

/** Numbers JSON can carry that a store may not: unsafe integers, huge and tiny doubles, -0. */
export const awkwardNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2 ** 53 + 2, -(2 ** 53 + 2), 1e300, -1e300, 5e-324, -0, 0.1, 1e21, 123456789012345680000),
);

/** A JSON value with hostile leaves and keys (what JSON.parse can produce). */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    awkwardNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom(...POLLUTION_KEYS)), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** JSON text nested `depth` levels deep (arrays or objects), optionally around a value. */
export function nestedJson(depth: number, kind: 'array' | 'object', inner = '1'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
}

/** Nesting depths: mostly shallow, sometimes past DynamoDB's 32 levels, now and then enough to blow a stack. */
export const depth = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 64 }), weight: 12 },
  { arbitrary: fc.constantFrom(1_000, 5_000, 20_000, 100_000), weight: 1 },
);

export const deepJson = fc
  .tuple(depth, fc.constantFrom('array', 'object') as fc.Arbitrary<'array' | 'object'>)
  .map(([depth, kind]) => nestedJson(depth, kind));

/** Bodies that try prototype pollution through JSON.parse + object spreading or merging. */
export const pollutionJson = fc
  .tuple(
    fc.constantFrom(...POLLUTION_KEYS),
    fc.array(fc.tuple(fc.string(), hostileJsonValue), { maxLength: 3 }),
  )
  .map(([key, rest]) => {
    const payload = key === 'constructor' ? '{"prototype":{"polluted":"yes"}}' : '{"polluted":"yes"}';
    const extra = rest.map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v ?? null)}`).join('');
    return `{${JSON.stringify(key)}:${payload}${extra}}`;
  });

const stringify = (value: unknown) => JSON.stringify(value) ?? '';

/** A short, safe description of any value (deep or huge values break fast-check's own printing). */
export function describeValue(value: unknown, max = 300): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch (error) {
    const keys = value && typeof value === 'object' ? Object.keys(value).slice(0, 5).join(', ') : '';
    text = `<${typeof value} nested ${nestingDepth(value)} levels deep (keys: ${keys}); JSON.stringify: ${(error as Error).message}>`;
  }
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

/** How deeply a value nests (iteratively: it must work where recursion overflows). */
export function nestingDepth(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    max = Math.max(max, d);
    if (v && typeof v === 'object') for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

/** Wraps a value so that fast-check reports it with describeValue. */
export interface Shown<T> {
  value: T;
}
export function shown<T>(value: T): Shown<T> {
  return { value, [fc.toStringMethod]: () => describeValue(value) } as Shown<T>;
}

/**
 * Body text for a schema with these fields: random JSON, hostile values of any type, raw text, deep nesting,
 * pollution keys, and near-valid objects (each field from `fields` or hostile; sometimes an unknown key, a
 * pollution key, or a field nested deeply).
 */
export function bodyText(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string> {
  const names = Object.keys(fields);
  const fieldValue = (name: string) => fc.oneof(fields[name]!, hostileJsonValue, hostileText);
  const nearValid = fc
    .tuple(
      fc.record(Object.fromEntries(names.map((n) => [n, fieldValue(n)])), { requiredKeys: [] }),
      fc.option(fc.tuple(fc.oneof(hostileString, fc.constantFrom(...POLLUTION_KEYS)), hostileJsonValue)),
      fc.option(fc.tuple(fc.constantFrom(...names), depth)),
    )
    .map(([object, extra, deep]) => {
      let text = stringify(object);
      if (extra) {
        const entry = `${JSON.stringify(extra[0])}:${stringify(extra[1]) || 'null'}`;
        text = text === '{}' ? `{${entry}}` : `{${entry},${text.slice(1)}`;
      }
      if (deep) {
        const entry = `${JSON.stringify(deep[0])}:${nestedJson(deep[1], 'array')}`;
        text = text === '{}' ? `{${entry}}` : `${text.slice(0, -1)},${entry}}`;
      }
      return text;
    });
  return fc.oneof(
    { arbitrary: nearValid, weight: 6 },
    { arbitrary: fc.json(), weight: 2 },
    { arbitrary: hostileJsonValue.map(stringify), weight: 2 },
    { arbitrary: hostileText, weight: 1 },
    { arbitrary: deepJson, weight: 1 },
    { arbitrary: pollutionJson, weight: 1 },
  );
}

/** Query string parameters: the schema's names with hostile (sometimes plausible) values, and unknown names. */
export function queryParams(
  fields: Record<string, fc.Arbitrary<string>>,
): fc.Arbitrary<Record<string, string>> {
  const names = Object.keys(fields);
  const value = (name: string) =>
    fc.oneof(
      fields[name]!,
      hostileText.map((s) => s.slice(0, 5000)),
    );
  return fc
    .tuple(
      fc.record(Object.fromEntries(names.map((n) => [n, value(n)])), { requiredKeys: [] }),
      fc.option(
        fc.dictionary(
          fc.oneof(fc.string(), fc.constantFrom(...POLLUTION_KEYS)),
          hostileString.map((s) => s.slice(0, 5000)),
          { maxKeys: 3 },
        ),
        { freq: 4 },
      ),
    )
    .map(
      ([known, extra]) =>
        Object.fromEntries([...Object.entries(known), ...Object.entries(extra ?? {})]) as Record<
          string,
          string
        >,
    );
}

/** What the handler would parse from this text; `undefined` when it is not JSON. */
export function parsedBody(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!text) return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** True when the schema accepts the body: such a body would be a legitimate write, not an attack. */
export function acceptedBy(schema: z.ZodType, text: string): boolean {
  const parsed = parsedBody(text);
  if (!parsed.ok) return false;
  try {
    return schema.safeParse(parsed.value).success;
  } catch {
    return false;
  }
}

/** Random Content-Type headers, plausible and not. */
export const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=utf-16',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=xyz',
    'application/octet-stream',
    'image/png',
    'application/xml',
    '',
  ),
  fc.string({ unit: 'binary-ascii', maxLength: 100 }),
);

/** Header values a client can send (Latin-1 without control characters), up to `max` characters. */
export const headerValue = (max: number) =>
  fc
    .oneof(
      fc.string({
        unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
        maxLength: 200,
      }),
      fc.constantFrom('abc', 'valid-key-12345', 'a'.repeat(128), 'a'.repeat(129), '../../x', '__proto__0000'),
      fc.integer({ min: 129, max: max }).map((n) => 'k'.repeat(n)),
    )
    .map((s) => s.trim());
