import type { Catalog } from "./catalogs/ja";
import type { LanguageTag } from "./languages";

/**
 * Each language but Japanese is its own chunk, fetched only when chosen (Japanese is in the entry: the
 * page's first language and every fallback).
 */
export const CATALOG_LOADERS: Partial<Record<Exclude<LanguageTag, "ja">, () => Promise<{ default: Catalog }>>> = {
  en: () => import("./catalogs/en"),
  "zh-Hans": () => import("./catalogs/zh-Hans"),
  "zh-Hant": () => import("./catalogs/zh-Hant"),
};
