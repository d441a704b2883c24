import { expect, test } from "vitest";
import { withoutEmptyCssComments } from "./empty-css-comments.ts";

test("drops Vite's padded placeholder for a stylesheet import, and nothing else", () => {
  const code =
    'import{n as e}from"./runtime.js";/* empty css               */import{t}from"./router.js";' +
    "/* keep */var a=`/* empty css */`;";
  expect(withoutEmptyCssComments(code)).toBe(
    'import{n as e}from"./runtime.js";import{t}from"./router.js";/* keep */var a=`/* empty css */`;',
  );
});
