import type { Catalog } from "./catalogs/ja";
import type { LanguageTag } from "./languages";

/**
 * Each language but Japanese is its own chunk, fetched only when chosen (Japanese is in the entry: the
 * page's first language and every fallback).
 */
export const CATALOG_LOADERS: Record<Exclude<LanguageTag, "ja">, () => Promise<{ default: Catalog }>> = {
  "ja-x-easy": () => import("./catalogs/ja-x-easy"),
  en: () => import("./catalogs/en"),
  "zh-Hans": () => import("./catalogs/zh-Hans"),
  "zh-Hant": () => import("./catalogs/zh-Hant"),
  ko: () => import("./catalogs/ko"),
  vi: () => import("./catalogs/vi"),
  fil: () => import("./catalogs/fil"),
  ne: () => import("./catalogs/ne"),
  "pt-BR": () => import("./catalogs/pt-BR"),
  es: () => import("./catalogs/es"),
  id: () => import("./catalogs/id"),
  th: () => import("./catalogs/th"),
};
