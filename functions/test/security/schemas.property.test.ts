/**
 * Every zod schema exported by shared/schemas (found by walking the modules, so a new schema is covered), and the
 * value schema of every known setting: parsing any input — random values of every type, hostile JSON, deep
 * nesting, prototype-pollution keys, near-valid objects — returns success or failure and never throws, and never
 * touches Object.prototype. 1,000 runs per schema.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import * as admin from '../../../shared/schemas/admin';
import * as auth from '../../../shared/schemas/auth';
import * as common from '../../../shared/schemas/common';
import * as config from '../../../shared/schemas/config';
import * as generations from '../../../shared/schemas/generations';
import * as projects from '../../../shared/schemas/projects';
import * as settings from '../../../shared/schemas/settings';
import { bodyText, deepJson, depth, hostileJsonValue, nestedJson, pollutionJson, shown } from './arbitraries';

interface Parser {
  safeParse(value: unknown): { success: boolean };
  shape?: Record<string, unknown>;
}
const isSchema = (value: unknown): value is Parser =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Parser).safeParse === 'function' &&
  '_zod' in (value as object);

const MODULES = { admin, auth, common, config, generations, projects, settings };
const SCHEMAS: [string, Parser][] = [
  ...Object.entries(MODULES).flatMap(([module, exports]) =>
    Object.entries(exports)
      .filter(([, value]) => isSchema(value))
      .map(([name, value]) => [`${module}.${name}`, value as Parser] as [string, Parser]),
  ),
  ...Object.entries(settings.KNOWN_SETTINGS).map(
    ([key, known]) =>
      [`KNOWN_SETTINGS['${key}'].schema`, known.schema as unknown as Parser] as [string, Parser],
  ),
];

const RUNS = 1_000;

/** Field names of an object schema (through .refine, which keeps the object). */
const fieldsOf = (schema: Parser): string[] => Object.keys(schema.shape ?? {});

function inputs(schema: Parser): fc.Arbitrary<unknown> {
  const names = fieldsOf(schema);
  const fromText = (text: fc.Arbitrary<string>) =>
    text.map((t) => {
      try {
        return JSON.parse(t) as unknown;
      } catch {
        return t;
      }
    });
  const perField: fc.Arbitrary<unknown>[] = names.length
    ? [
        // A field holding a deep value, directly or one level down (records and unknowns recurse).
        fc.tuple(fc.constantFrom(...names), depth, fc.boolean()).map(([name, depth, wrap]) => {
          const deep = JSON.parse(nestedJson(depth, 'array'));
          return { [name]: wrap ? { a: deep } : deep };
        }),
        fromText(bodyText(Object.fromEntries(names.map((n) => [n, fc.anything()])))),
      ]
    : [];
  return fc.oneof(
    fc.anything({
      withNullPrototype: true,
      withBoxedValues: true,
      withSparseArray: true,
      withObjectString: true,
      withMap: true,
      withSet: true,
      withDate: true,
      withTypedArray: true,
    }),
    hostileJsonValue,
    fromText(deepJson),
    fromText(pollutionJson),
    ...perField,
  );
}

afterEach(() => {
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe('shared schemas never throw, whatever they are given', () => {
  it('finds the schemas', () => {
    expect(SCHEMAS.length).toBeGreaterThan(25);
  });

  it.each(SCHEMAS)('%s', (_name, schema) => {
    // Always tried as well: each field (and a record entry under it) 100,000 levels deep.
    const deep = JSON.parse(nestedJson(100_000, 'array'));
    const examples = fieldsOf(schema).flatMap((name) => [
      [shown<unknown>({ [name]: deep })],
      [shown<unknown>({ [name]: { a: deep } })],
    ]);
    fc.assert(
      fc.property(inputs(schema).map(shown), ({ value }) => {
        let result: { success: boolean };
        try {
          result = schema.safeParse(value);
        } catch (error) {
          throw new Error(`safeParse threw ${(error as Error).name}: ${(error as Error).message}`);
        }
        expect(typeof result.success).toBe('boolean');
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: RUNS, examples: [[shown<unknown>(deep)], ...examples] },
    );
  });
});
