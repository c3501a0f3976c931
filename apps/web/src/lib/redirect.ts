/**
 * The `redirect` query after sign-in, kept only when it is a path of this site: an absolute
 * URL or a protocol-relative "//host" would send a freshly signed-in user elsewhere.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
