import fc from 'fast-check';

/** The subset of (OpenAPI 3.0 flavoured) JSON Schema the document uses. */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
}

/** Record ids of the demo data are small: most generated ids hit a real record, some none. */
const id = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 60 }) }, fc.integer({ min: 61, max: 2 ** 31 }));

const bounds = (s: Schema, integer: boolean) => {
  const step = integer ? 1 : 1e-6;
  let min = s.minimum ?? (integer ? -(2 ** 31) : -1e9);
  let max = s.maximum ?? (integer ? 2 ** 31 : 1e9);
  if (s.exclusiveMinimum === true) min += step;
  else if (typeof s.exclusiveMinimum === 'number') min = s.exclusiveMinimum + step;
  if (s.exclusiveMaximum === true) max -= step;
  else if (typeof s.exclusiveMaximum === 'number') max = s.exclusiveMaximum - step;
  return { min, max };
};

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  email: fc.emailAddress(),
  uri: fc.webUrl(),
  url: fc.webUrl(),
  'date-time': fc
    .date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true })
    .map((d) => d.toISOString()),
  date: fc
    .date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  uuid: fc.uuid(),
  // the document's own formats (packages/contract): what the server's refinements accept
  'time-zone': fc.constantFrom(...Intl.supportedValuesOf('timeZone')),
  currency: fc.constantFrom(...Intl.supportedValuesOf('currency')),
};

/** A value the schema allows (`name` picks realistic ids for id-like integers). */
export function valid(s: Schema, name = ''): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valid(a, name)));
  if (s.allOf?.length) return valid(Object.assign({}, ...s.allOf) as Schema, name);
  const base = validOfType(s, name);
  return s.nullable ? fc.oneof({ weight: 5, arbitrary: base }, fc.constant(null)) : base;
}

function validOfType(s: Schema, name: string): fc.Arbitrary<unknown> {
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer': {
      const { min, max } = bounds(s, true);
      const full = fc.integer({
        min: Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER),
        max: Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER),
      });
      if (/id$/i.test(name) && min <= 1 && max >= 60) return fc.oneof({ weight: 3, arbitrary: id }, full);
      // the edges the document promises, then anything between
      return fc.oneof(
        full,
        fc.constantFrom(
          Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER),
          Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER),
        ),
      );
    }
    case 'number': {
      const { min, max } = bounds(s, false);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (s.format && FORMATS[s.format]) return FORMATS[s.format]!;
      if (s.pattern) {
        const re = new RegExp(s.pattern);
        return fc
          .stringMatching(re)
          .filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? 10_000));
      }
      return fc.string({
        minLength: s.minLength ?? 0,
        maxLength: Math.min(s.maxLength ?? 40, (s.minLength ?? 0) + 40),
        unit: 'grapheme',
      });
    }
    case 'array':
      return fc.array(valid(s.items ?? {}, name), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 5, (s.minItems ?? 0) + 5),
      });
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = valid(v, k);
      if (!Object.keys(props).length)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values that break the schema one way or another (each refused by a careful server). */
export function invalid(s: Schema, name = ''): fc.Arbitrary<unknown> {
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  const wrongType = fc.constantFrom<unknown>(
    ...(type === 'string'
      ? [12345, true, {}, []]
      : type === 'object'
        ? ['text', 7, []]
        : ['not-a-number', {}, [], true]),
  );
  const options: fc.Arbitrary<unknown>[] = [wrongType];
  if (!s.nullable && s.type !== undefined) options.push(fc.constant(null));
  if (s.enum) options.push(fc.constant('__not_in_enum__'));
  if (type === 'string') {
    if (s.maxLength !== undefined) options.push(fc.constant('x'.repeat(s.maxLength + 1)));
    if (s.minLength) options.push(fc.constant(''));
    options.push(fc.constantFrom('%', '_', "' or 1=1 --", '\u0000', '../../etc/passwd', 'x'.repeat(5000)));
  }
  if (type === 'integer' || type === 'number') {
    const { min, max } = bounds(s, type === 'integer');
    options.push(fc.constantFrom(min - 1, max + 1, 1.5, -1, 0, Number.MAX_SAFE_INTEGER + 2, 1e308));
  }
  if (type === 'array') options.push(fc.constant('not-an-array'));
  if (type === 'object' && s.properties) {
    const keys = Object.keys(s.properties);
    // a required field missing, or one field broken, the rest valid
    options.push(
      fc.tuple(valid(s, name) as fc.Arbitrary<Record<string, unknown>>, fc.constantFrom(...keys)).chain(([v, k]) =>
        fc.oneof(
          fc.constant(Object.fromEntries(Object.entries(v ?? {}).filter(([key]) => key !== k))),
          invalid(s.properties![k]!, k).map((bad) => ({ ...v, [k]: bad })),
        ),
      ),
    );
  }
  return fc.oneof(...options);
}

/**
 * OpenAPI 3.0 → the JSON Schema Ajv 8 validates: boolean exclusiveMinimum/Maximum become numbers,
 * `nullable` stays (Ajv knows it) and a nullable enum lists null.
 */
export function toAjv(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toAjv);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = toAjv(v);
  if (out.exclusiveMinimum === true) {
    out.exclusiveMinimum = out.minimum;
    delete out.minimum;
  } else if (out.exclusiveMinimum === false) delete out.exclusiveMinimum;
  if (out.exclusiveMaximum === true) {
    out.exclusiveMaximum = out.maximum;
    delete out.maximum;
  } else if (out.exclusiveMaximum === false) delete out.exclusiveMaximum;
  // Ajv's `nullable` does not extend an enum: null must be listed
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}
