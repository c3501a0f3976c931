/** The request URL as logs may show it: neither a session token nor a stream ticket reaches a log line. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|ticket)=)[^&#]*/gi, '$1[redacted]');
}
