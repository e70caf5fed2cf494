import pg from "pg";

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

/** One connection kept in LISTEN; if it drops, it reconnects with backoff and listens again. */
export class PostgresListener {
  private client: pg.Client | undefined;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
  ) {}

  get connected(): boolean {
    return this.client !== undefined;
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on("notification", (message) => {
      if (message.channel === this.channel && message.payload !== undefined) this.onPayload(message.payload);
    });
    const drop = () => {
      if (this.client !== client) return;
      this.client = undefined;
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on("error", drop);
    client.on("end", drop);
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
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
