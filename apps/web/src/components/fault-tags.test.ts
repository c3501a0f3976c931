import { describe, expect, it } from 'vitest';
import { SEVERITY_COLOR } from './fault-tags';

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('severity colours', () => {
  // antd writes a tag of a custom colour in white: axe asks 4.5:1 for its small text (WCAG AA)
  it.each(Object.entries(SEVERITY_COLOR))('%s (%s) has at least 4.5:1 contrast with white text', (_, hex) => {
    expect(1.05 / (luminance(hex) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});
