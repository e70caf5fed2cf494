import { useEffect } from "react";

const PRODUCT_NAME = "薬局受付";

/** The tab's title, 「… | 薬局受付」; the patient pages pass the product's name in the patient's language. */
export function useDocumentTitle(title?: string, product = PRODUCT_NAME): void {
  useEffect(() => {
    document.title = title ? `${title} | ${product}` : product;
  }, [title, product]);
}
