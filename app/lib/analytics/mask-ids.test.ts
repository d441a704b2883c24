import { expect, test } from "vitest";
import { maskIds } from "./mask-ids.ts";

const id16 = "aB3dE5gH7jK9mN2p";
const id17 = "aB3dE5gH7jK9mN2pQ";
const id18 = "aB3dE5gH7jK9mN2pQr";

test.each([
  ["/", "/"],
  ["/pricing", "/pricing"],
  [`/invite/${id17}`, "/invite/ID"],
  [`/invite/${id17}/accept`, "/invite/ID/accept"],
  [`/${id17}/${id17}`, "/ID/ID"],
  [`/invite/${id16}`, `/invite/${id16}`],
  [`/invite/${id18}`, `/invite/${id18}`],
  [`/pricing?plan=${id17}&x=1`, "/pricing?plan=ID&x=1"],
  [`/faqs#${id17}`, "/faqs#ID"],
  // a hyphenated 17-character slug is content, not an id
  ["/faqs/reports-on-beyond", "/faqs/reports-on-beyond"],
  ["/de/faqs/multi-currency-now", "/de/faqs/multi-currency-now"],
])("%s is logged as %s", (path, expected) => {
  expect(maskIds(path)).toBe(expected);
});
