import type { Client } from "pg";

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

export interface PostgresListenerOptions {
  connectionString: string;
  applicationName: string;
  channel: string;
  onPayload: (payload: string) => void;
  /** After a reconnect, once listening again: notifications sent while it was away are lost. */
  onResumed: () => void;
  onError: (error: Error) => void;
}

/** One connection kept in LISTEN; if it drops, it reconnects with backoff and listens again. */
export class PostgresListener {
  private client: Client | undefined;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;
  private dropped = false;

  constructor(private readonly options: PostgresListenerOptions) {}

  get connected(): boolean {
    return this.client !== undefined;
  }

  async start(): Promise<void> {
    const { connectionString, applicationName, channel, onPayload } = this.options;
    // loaded here, not at start: the embedded database never needs the PostgreSQL driver
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString, application_name: applicationName });
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    let lost = false;
    const drop = (error?: Error) => {
      if (error) this.options.onError(error);
      if (lost) return;
      lost = true;
      client.end().catch(() => undefined);
      if (this.client !== client) return;
      this.client = undefined;
      this.dropped = true;
      this.scheduleReconnect();
    };
    client.on("error", drop);
    client.on("end", () => drop());
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    if (lost || this.stopped) {
      await client.end().catch(() => undefined);
      if (!this.stopped) throw new Error("the LISTEN connection dropped as it started");
      return;
    }
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
    if (this.dropped) {
      this.dropped = false;
      this.options.onResumed();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.stopped) return;
      this.start().catch(() => {
        this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
        this.scheduleReconnect();
      });
    }, this.retryMs);
  }
}
