import { createContext, useContext } from "react";
import { formatPrice, type PriceFormat } from "../../lib/pricing/format.ts";

/** The page's price format, read at build time by the pricing route's loader. */
export const PriceFormatContext = createContext<PriceFormat | null>(null);

/** Formats amounts in the page's locale and currency, without `Intl` in the browser. */
export function useMoney(): (amount: number) => string {
  const format = useContext(PriceFormatContext);
  if (format === null) throw new Error("useMoney needs the pricing route's PriceFormatContext");
  return (amount) => formatPrice(amount, format);
}
