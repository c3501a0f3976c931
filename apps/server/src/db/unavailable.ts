/**
 * Whether an error says the database cannot be reached right now (PostgreSQL restarting, shutting
 * down, refusing connections; the network to it cut), rather than that a query is wrong: such a
 * request is answered 503 "the database cannot be reached", and the next one may go through (the
 * pool opens new connections by itself).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // SQLSTATE class 08 (connection exception), 57P01–57P03 (admin / crash shutdown, cannot connect now)
    if (/^08/.test(code) || /^57P0[123]$/.test(code)) return true;
    if (/^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/.test(code))
      return true;
  }
  // node-postgres' own words for a connection that broke under a query
  return (
    typeof message === 'string' &&
    /^(Connection terminated|Client has encountered a connection error|Connection ended unexpectedly)/.test(message)
  );
}
