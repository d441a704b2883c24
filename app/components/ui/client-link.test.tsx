import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { afterEach, expect, test } from "vitest";
import { ClientLink, ClientNavigationProvider } from "./client-link.tsx";

let router: ReturnType<typeof createBrowserRouter> | undefined;

afterEach(() => {
  cleanup();
  // Its listener on the window's history would otherwise outlive the test.
  router?.dispose();
});

/** A two-page app whose pages link to each other, in the window's history as on the site. */
function renderApp(start: string) {
  window.history.replaceState(null, "", start);
  const page = (name: string) => (
    <ClientNavigationProvider>
      <h1>{name}</h1>
      <ClientLink to="/de/preise">Preise</ClientLink>
      <ClientLink to="/de">Start</ClientLink>
    </ClientNavigationProvider>
  );
  router = createBrowserRouter([
    { path: "/de", element: page("Start page") },
    { path: "/de/preise", element: page("Pricing page") },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

/** Clicks like a visitor; true when the app took the click (the browser would not follow it). */
function click(name: string, init: MouseEventInit = {}): boolean {
  const link = screen.getByRole("link", { name });
  let taken = false;
  // After React's listener: the page records whether the click was taken, and keeps jsdom,
  // which cannot load documents, from trying.
  const afterApp = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener("click", afterApp);
  act(() => {
    fireEvent.click(link, { button: 0, ...init });
  });
  window.removeEventListener("click", afterApp);
  return taken;
}

test("a plain click follows the link in the app, adding a history entry", () => {
  const router = renderApp("/de");
  expect(screen.getByRole("link", { name: "Preise" }).getAttribute("href")).toBe("/de/preise");
  expect(click("Preise")).toBe(true);
  expect(screen.getByRole("heading", { name: "Pricing page" })).toBeTruthy();
  expect(router.state.location.pathname).toBe("/de/preise");
  expect(router.state.historyAction).toBe("PUSH");
});

test("a link to the page the visitor is on replaces its history entry", () => {
  const router = renderApp("/de/preise");
  expect(click("Preise")).toBe(true);
  expect(router.state.location.pathname).toBe("/de/preise");
  expect(router.state.historyAction).toBe("REPLACE");
});

test("a modified or middle click is left to the browser", () => {
  const router = renderApp("/de");
  for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
    expect(click("Preise", init)).toBe(false);
  }
  expect(router.state.location.pathname).toBe("/de");
  expect(screen.getByRole("heading", { name: "Start page" })).toBeTruthy();
});
