import type { FormRule } from 'antd';
import type { ZodType } from 'zod';
import { zodRule } from '@/lib/form-rules';

/** A contract rule for an optional field: empty passes, anything else must satisfy the schema. */
export function optionalRule(schema: ZodType, fallbackKey?: string): FormRule {
  const rule = zodRule(schema, fallbackKey) as { validator: (r: unknown, v: unknown) => Promise<void> };
  return {
    validator: async (r, v: unknown) => (v === null || v === undefined || v === '' ? undefined : rule.validator(r, v)),
  };
}
