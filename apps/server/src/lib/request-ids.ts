import { randomBytes } from "node:crypto";

/**
 * Request ids for the logs: a random prefix drawn once per process, then a counter. Unique across the
 * processes of a chain and across restarts (their logs meet in one place), without a random UUID on
 * every call: most calls never write a line that shows their id.
 */
export function requestIdGenerator(): () => string {
  const processPrefix = randomBytes(6).toString("hex");
  let issued = 0;
  return () => `${processPrefix}-${(++issued).toString(36)}`;
}
