/**
 * An endpoint's key as the list shows it: the first two characters, never the whole secret, even
 * when the role holds the sensitive-data grant (the server masks it already for those without).
 */
export function maskKey(key: string): string {
  return `${key.slice(0, 2)}${'•'.repeat(6)}`;
}
