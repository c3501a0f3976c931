import type { FormRule } from 'antd';
import type { ZodType } from 'zod';
import { zodRule } from '../../../lib/form-rules';

/**
 * The contract's rule for a field that also has a "required" rule: checked only once something
 * is typed, so an empty field shows one message ("SN is required"), not two.
 */
export function filledRule(schema: ZodType, fallbackKey?: string, values?: Record<string, unknown>): FormRule {
  const rule = zodRule(schema, fallbackKey, values) as { validator: (rule: unknown, value: unknown) => Promise<void> };
  return { validator: async (r, value: unknown) => (value === undefined || value === null || value === '' ? undefined : rule.validator(r, value)) };
}
