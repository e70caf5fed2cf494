import "i18next";
import type { ja } from "./catalogs/ja";

// Typed keys: t("form.next") is checked against the Japanese catalog, the one every language matches.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "patient";
    resources: { patient: typeof ja };
  }
}
