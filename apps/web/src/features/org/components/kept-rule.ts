import type { zodRule } from '@/lib/form-rules';

/** A rule that lets an unchanged value through (a name kept from before the rule). */
export function keptOr(kept: string | undefined, rule: ReturnType<typeof zodRule>) {
  return {
    validator: async (r: unknown, value: unknown) => {
      if (kept !== undefined && value === kept) return;
      await (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator(r, value);
    },
  };
}
