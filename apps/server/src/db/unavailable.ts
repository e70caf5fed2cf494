/**
 * PostgreSQL error classes of a server that is going away or not there yet: 08 connection exception,
 * 57P01-57P03 admin or crash shutdown and "the database system is starting up".
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3])$/;
const UNREACHABLE_SOCKET = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** node-postgres reports a lost or unobtainable connection with a bare message and no code. */
const LOST_CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** Whether a query failed because the database server is away (answered 503), not because of the query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || UNREACHABLE_SOCKET.has(code))) return true;
    if (LOST_CONNECTION_MESSAGE.test(cause.message)) return true;
  }
  return false;
}
