import type { FormRule } from 'antd';
import type { ZodType } from 'zod';
import i18n from './i18n';

interface Issue {
  message: string;
  errors?: Issue[][];
}

/** Every message of the issues, those inside a union's branches ("email or empty") included. */
function messagesOf(issues: readonly Issue[]): string[] {
  return issues.flatMap((i) => [i.message, ...(i.errors ?? []).flatMap((branch) => messagesOf(branch))]);
}

/**
 * An antd form rule from a contract zod schema, so the form refuses exactly what the server
 * refuses. The contract's messages are i18n keys ('validation.email'); zod's own wording is
 * replaced by `fallbackKey` (with `values`) because it is English only.
 */
export function zodRule(
  schema: ZodType,
  fallbackKey = 'validation.invalid',
  values?: Record<string, unknown>,
): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (result.success) return;
      const key = messagesOf(result.error.issues).find((m) => i18n.exists(m)) ?? fallbackKey;
      throw new Error(i18n.t(key, values));
    },
  };
}

/**
 * The contract's rule for a field that also has a "required" rule, or that may stay empty:
 * checked only once something is typed, so an empty field shows one message, not two.
 */
export function filledRule(schema: ZodType, fallbackKey?: string, values?: Record<string, unknown>): FormRule {
  const rule = zodRule(schema, fallbackKey, values) as { validator: (rule: unknown, value: unknown) => Promise<void> };
  return {
    validator: async (r, value: unknown) =>
      value === undefined || value === null || value === '' ? undefined : rule.validator(r, value),
  };
}
