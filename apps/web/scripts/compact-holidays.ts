import { createRequire } from "node:module";
import type { Plugin } from "vite";

const PACKAGE = "@holiday-jp/holiday_jp";
const VIRTUAL_ID = "\0compact-holidays";

/**
 * The contract's calendar reads Japan's holidays from the maintained `@holiday-jp/holiday_jp` data
 * (packages/contract/src/calendar/holidays.ts), which gives each date its weekday and English names too:
 * 15 KB of gzipped JavaScript in the patient entry, whose form needs the dates (closed days) and the
 * staff screens the Japanese names. The browser gets the same data, read from the installed package at
 * build time, with the date's Japanese name alone; the server keeps the package as it is.
 */
export function compactHolidays(): Plugin {
  return {
    name: "compact-holidays",
    enforce: "pre",
    resolveId(id) {
      return id === PACKAGE ? VIRTUAL_ID : undefined;
    },
    load(id) {
      if (id !== VIRTUAL_ID) return undefined;
      const { holidays } = createRequire(import.meta.url)(PACKAGE) as {
        holidays: Record<string, { name: string }>;
      };
      const names = Object.fromEntries(Object.entries(holidays).map(([date, { name }]) => [date, { name }]));
      return `export default { holidays: ${JSON.stringify(names)} };`;
    },
  };
}
