/** A server's `/metrics` as `name{labels}` → value (Prometheus text format). */
export async function scrapeMetrics(baseUrl: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const values = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || !line) continue;
    const at = line.lastIndexOf(" ");
    values.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return values;
}

/**
 * How much a metric grew between two scrapes, summed over the servers: `name{labels}` exactly, or a bare
 * `name` over all its labels; NaN when a server has no such metric (an older server).
 */
export function growth(before: Array<Map<string, number>>, after: Array<Map<string, number>>, name: string): number {
  return after.reduce((sum, values, index) => sum + total(values, name) - total(before[index]!, name), 0);
}

function total(values: Map<string, number>, name: string): number {
  if (name.includes("{")) {
    // a labelled series appears with its first count: before it, its family's other series say it is 0
    const family = name.slice(0, name.indexOf("{") + 1);
    return values.get(name) ?? ([...values.keys()].some((key) => key.startsWith(family)) ? 0 : Number.NaN);
  }
  let sum = Number.NaN;
  for (const [key, value] of values)
    if (key === name || key.startsWith(`${name}{`)) sum = (Number.isNaN(sum) ? 0 : sum) + value;
  return sum;
}
