import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { I18nProvider } from "../components/i18n/i18n-provider.tsx";
import { loadMessages } from "../lib/i18n/catalog.server.ts";
import { compileMessages } from "../lib/i18n/compile.server.ts";
import { useT } from "./use-t.ts";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const messages = compileMessages(loadMessages("en", ["consent"]));

function BannerText() {
  const t = useT();
  return (
    <p>{t.rich("consent.banner.text", { link: (chunks) => <a href="/cookies">{chunks}</a> })}</p>
  );
}

test("a message with a tag renders its text and the tag's element, without React's key warning", () => {
  const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  render(
    <I18nProvider locale="en-GB" messages={messages}>
      <BannerText />
    </I18nProvider>,
  );
  expect(screen.getByRole("link", { name: "Cookies policy" })).toHaveAttribute("href", "/cookies");
  expect(screen.getByRole("paragraph")).toHaveTextContent(/only if you agree\. .*Cookies policy$/);
  // React (development build) reports an unkeyed list through console.error.
  expect(consoleError).not.toHaveBeenCalled();
});
