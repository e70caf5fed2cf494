import { Histogram, type HistogramConfiguration } from "prom-client";

type LabelName = "method" | "route" | "status_code";
type Labels = Record<LabelName, string | number>;

/** One method, route and status's observations: a count per bucket (not cumulative), their sum and count. */
interface Tally {
  labels: Labels;
  inBucket: number[];
  sum: number;
  count: number;
}

/**
 * The request-duration histogram, fed on every call through `record` (not `observe`). prom-client's
 * `observe` checks the label names and joins the values into a key each time: 0.56 µs a call in a
 * loop here, against 0.03 µs for `record`, whose tallies sit in maps keyed by what the hook already
 * holds. prom-client still checks the configuration and writes the exposition: `get` answers in the
 * shape of its Histogram, which a test compares it with.
 */
export class RequestDurations extends Histogram<LabelName> {
  private byRoute = new Map<string, Map<string, Map<number, Tally>>>();
  private readonly upperBounds: readonly number[];

  constructor(private readonly config: HistogramConfiguration<LabelName> & { buckets: number[] }) {
    super(config);
    this.upperBounds = [...config.buckets];
  }

  record(method: string, route: string, statusCode: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let tally = byStatus.get(statusCode);
    if (!tally) {
      tally = {
        labels: { method, route, status_code: statusCode },
        inBucket: this.upperBounds.map(() => 0),
        sum: 0,
        count: 0,
      };
      byStatus.set(statusCode, tally);
    }
    for (let bucket = 0; bucket < this.upperBounds.length; bucket++) {
      if (seconds <= this.upperBounds[bucket]!) {
        tally.inBucket[bucket]! += 1;
        break;
      }
    }
    tally.sum += seconds;
    tally.count += 1;
  }

  // prom-client's constructor calls this before the fields above exist, so it assigns rather than clears
  override reset(): void {
    this.byRoute = new Map();
  }

  override async get() {
    const metric = {
      name: this.config.name,
      help: this.config.help,
      type: "histogram",
      aggregator: "sum",
      values: this.values(),
    };
    // prom-client declares `type` as an enum, and `le` is no label name of ours; its own Histogram answers this shape
    return metric as unknown as Awaited<ReturnType<Histogram<LabelName>["get"]>>;
  }

  /** What the registry reads for the text exposition (prom-client's Histogram defines it too). */
  async getForPromString() {
    return this.get();
  }

  private values() {
    const values: Array<{ metricName: string; labels: Record<string, string | number>; value: number }> = [];
    const [bucketName, sumName, countName] = ["bucket", "sum", "count"].map(
      (suffix) => `${this.config.name}_${suffix}`,
    ) as [string, string, string];
    for (const tally of this.tallies()) {
      let cumulative = 0;
      this.upperBounds.forEach((bound, bucket) => {
        cumulative += tally.inBucket[bucket]!;
        values.push({ metricName: bucketName, labels: { le: bound, ...tally.labels }, value: cumulative });
      });
      values.push(
        { metricName: bucketName, labels: { le: "+Inf", ...tally.labels }, value: tally.count },
        { metricName: sumName, labels: tally.labels, value: tally.sum },
        { metricName: countName, labels: tally.labels, value: tally.count },
      );
    }
    return values;
  }

  private *tallies(): Iterable<Tally> {
    for (const byMethod of this.byRoute.values()) for (const byStatus of byMethod.values()) yield* byStatus.values();
  }
}
