import { profileUpdateBody, zEmail } from '@pv/contract';
import { describe, expect, it } from 'vitest';
import { zodRule } from './form-rules';
import { initI18n } from './i18n';

initI18n('en');
const check = (rule: ReturnType<typeof zodRule>, value: unknown) =>
  (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);

describe('form rules from the contract', () => {
  it('passes what the schema accepts', async () => {
    await expect(check(zodRule(zEmail), 'ada@example.com')).resolves.toBeUndefined();
    await expect(check(zodRule(profileUpdateBody.shape.mobile), '')).resolves.toBeUndefined();
  });

  it('refuses with the translated contract message', async () => {
    await expect(check(zodRule(zEmail), 'ada@')).rejects.toThrow('Please enter a correct e-mail address');
    await expect(check(zodRule(profileUpdateBody.shape.mobile), 'call me')).rejects.toThrow(/phone|mobile/i);
  });

  it('uses the fallback key where zod speaks English', async () => {
    await expect(
      check(zodRule(profileUpdateBody.shape.nickname, 'validation.required', { field: 'Nickname' }), '   '),
    ).rejects.toThrow('Nickname is required');
  });
});
