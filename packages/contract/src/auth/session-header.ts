/**
 * Header every web request carries, so the server can tag events with the session that caused them.
 * Apart from the frames in `realtime.ts`, so the login page's entry does not load their schemas.
 */
export const WS_SESSION_HEADER = "x-ws-session-id";
