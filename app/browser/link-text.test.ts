import { expect, test } from "vitest";
import { trackedLinkText } from "./link-text.ts";

function link(html: string): HTMLAnchorElement {
  const container = document.createElement("div");
  container.innerHTML = html;
  const anchor = container.querySelector("a");
  if (!anchor) throw new Error("no link");
  return anchor;
}

const HINT = '<span class="visually-hidden" data-link-hint> (opens in a new tab)</span>';

test("leaves out the visually hidden new-tab hint", () => {
  expect(trackedLinkText(link(`<a href="https://blog.example">Blog${HINT}</a>`))).toBe("Blog");
});

test("leaves out any visually hidden text when there is visible text", () => {
  expect(
    trackedLinkText(
      link(
        '<a href="#">Try it now<span class="visually-hidden"> (opens in a pop-up window)</span></a>',
      ),
    ),
  ).toBe("Try it now");
});

test("collapses white space across elements", () => {
  expect(trackedLinkText(link("<a href='#'>\n  Book <strong>a</strong>\n demo  </a>"))).toBe(
    "Book a demo",
  );
});

test("an icon link is tracked with its visually hidden label, not the hint", () => {
  const twitter = link(
    `<a href="https://twitter.example"><svg aria-hidden="true"><title>icon</title></svg><span class="visually-hidden">Beyond on Twitter</span>${HINT}</a>`,
  );
  expect(trackedLinkText(twitter)).toBe("Beyond on Twitter");
});

test("an image link is tracked with the image's alt text", () => {
  expect(
    trackedLinkText(link(`<a href="https://xero.example"><img src="x.svg" alt="Xero">${HINT}</a>`)),
  ).toBe("Xero");
});

test("falls back to aria-label, then to nothing", () => {
  expect(trackedLinkText(link('<a href="#" aria-label=" Close "></a>'))).toBe("Close");
  expect(trackedLinkText(link(`<a href="#">${HINT}</a>`))).toBe("");
});
