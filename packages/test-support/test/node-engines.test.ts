import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const oldestNode = semver.minVersion(
  (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { engines: { node: string } }).engines.node,
)!.version;

describe("the Node versions the app supports", () => {
  it("are accepted by every package the lock installs (a newer release may drop them: @line/bot-sdk 11.0.1 requires Node 22)", () => {
    const refusing = Object.entries(lock.packages)
      .map(([where, entry]) => ({
        where,
        version: entry.version,
        node: Array.isArray(entry.engines) ? undefined : entry.engines?.node,
      }))
      .filter(({ node }) => node !== undefined && !semver.satisfies(oldestNode, node, { includePrerelease: true }));
    expect(oldestNode).toBe("20.19.0");
    expect(refusing).toEqual([]);
  });
});
