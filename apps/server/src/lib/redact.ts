/** The request URL as logs may show it: the session token never reaches a log line. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}
