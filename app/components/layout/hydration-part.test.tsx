import { act, Suspense, startTransition, useState } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, expect, test, vi } from "vitest";
import { holdEarlyActions, replayHeldEarlyActions } from "../../browser/early-actions.ts";
import {
  EARLY_ACTIONS_GLOBAL,
  EARLY_CAPTURE_SCRIPT,
  EARLY_PENDING_ATTRIBUTE,
  LATER_PART_ATTRIBUTE,
} from "../../lib/early-actions/capture-script.ts";
import { HydrationPart, laterPart } from "./hydration-part.tsx";

// Hydration below runs inside act(), as React expects of a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_ACTIONS_GLOBAL];
  delete (window as { __beyondPageHydrated?: boolean }).__beyondPageHydrated;
  document.body.innerHTML = "";
});

/** A carousel-like section: what a later part holds on the landing page. */
function Slides({ log }: { log: string[] }) {
  const [slide, setSlide] = useState(1);
  return (
    <section>
      <p>{`slide ${slide}`}</p>
      <button
        type="button"
        onClick={() => {
          log.push(`next from ${slide}`);
          setSlide(slide + 1);
        }}
      >
        Next
      </button>
    </section>
  );
}

/** The code of a part declared in the browser starts loading at once; a task later it is in. */
function codeArrived(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

test("a later part keeps its prerendered HTML until its code arrives, then hydrates and carries out the taps made on it in between, once", async () => {
  const log: string[] = [];
  const ServerSlides = laterPart(async () => Slides);
  const code = deferred<typeof Slides>();
  const load = vi.fn(() => code.promise);
  const ClientSlides = laterPart(load);
  // In the browser the code is asked for when the part is declared, before anything renders.
  expect(load).toHaveBeenCalledTimes(1);

  // biome-ignore lint/correctness/noComponentHookFactories: one component per test, made before anything renders
  function Page({ Later }: { Later: typeof ServerSlides }) {
    return (
      <main>
        <button type="button" onClick={() => log.push("menu")}>
          Menu
        </button>
        <HydrationPart>
          <Later log={log} />
        </HydrationPart>
      </main>
    );
  }
  // Once its code is in, a part renders it directly, as the server's build does.
  await codeArrived();
  const html = renderToString(<Page Later={ServerSlides} />);
  expect(html).toContain(`${LATER_PART_ATTRIBUTE}=""`);
  expect(html).toContain("slide 1");

  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  new Function(EARLY_CAPTURE_SCRIPT)();
  const [menu, next] = container.querySelectorAll("button");
  if (!menu || !next) throw new Error("no buttons");

  holdEarlyActions();
  await act(async () => {
    hydrateRoot(container, <Page Later={ClientSlides} />);
  });
  replayHeldEarlyActions();
  // The shell is live; the later part is still the prerendered HTML.
  menu.click();
  expect(log).toEqual(["menu"]);
  next.click();
  next.click();
  expect(log).toEqual(["menu"]);
  expect(next.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(true);
  expect((window as { __beyondPageHydrated?: boolean }).__beyondPageHydrated).toBeUndefined();

  await act(async () => {
    code.resolve(Slides);
    await code.promise;
  });
  await vi.waitFor(() => expect(log).toEqual(["menu", "next from 1", "next from 2"]));
  expect(container.textContent).toContain("slide 3");
  expect(next.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(false);
  expect((window as { __beyondPageHydrated?: boolean }).__beyondPageHydrated).toBe(true);

  // Live now: taps go straight to React, and the capture has stopped.
  await act(async () => next.click());
  expect(log).toEqual(["menu", "next from 1", "next from 2", "next from 3"]);
  expect(container.querySelector(`[${EARLY_PENDING_ATTRIBUTE}]`)).toBeNull();
});

test("a part whose code is already in renders at once, with nothing to fill in afterwards", async () => {
  const Later = laterPart(async () => Slides);
  await codeArrived();
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(<Later log={[]} />));
  expect(container.querySelector(`[${LATER_PART_ATTRIBUTE}] p`)?.textContent).toBe("slide 1");
  act(() => root.unmount());
});

test("a client navigation to a page with a part whose code is still on its way keeps the previous page until it is in", async () => {
  const code = deferred<typeof Slides>();
  const Later = laterPart(() => code.promise);
  // biome-ignore lint/correctness/noComponentHookFactories: one component per test, made before anything renders
  function App({ page }: { page: "old" | "new" }) {
    return (
      <Suspense fallback={<p>fallback</p>}>
        {page === "old" ? <p>old page</p> : <Later log={[]} />}
      </Suspense>
    );
  }
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  // The page the visitor opened has hydrated (app/browser/early-actions.ts says so).
  (window as { __beyondPageHydrated?: boolean }).__beyondPageHydrated = true;
  act(() => root.render(<App page="old" />));
  // React Router renders a navigation in a transition.
  await act(async () => startTransition(() => root.render(<App page="new" />)));
  expect(container.textContent).toBe("old page");
  await act(async () => {
    code.resolve(Slides);
    await code.promise;
  });
  expect(container.querySelector(`[${LATER_PART_ATTRIBUTE}] p`)?.textContent).toBe("slide 1");
  act(() => root.unmount());
});

test("a part whose code cannot be had, even on a second try, keeps its prerendered HTML, in every place it is used", async () => {
  const ServerSlides = laterPart(async () => Slides);
  await codeArrived();
  const html = renderToString(
    <>
      <ServerSlides log={[]} />
      <ServerSlides log={[]} />
    </>,
  );
  const load = vi.fn((): Promise<typeof Slides> => Promise.reject(new Error("chunk failed")));
  const ClientSlides = laterPart(load);
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  const errors: unknown[] = [];
  await act(async () => {
    const twice = (
      <>
        <ClientSlides log={[]} />
        <ClientSlides log={[]} />
      </>
    );
    hydrateRoot(container, twice, {
      onRecoverableError: (error) => errors.push(error),
      onUncaughtError: (error) => errors.push(error),
      onCaughtError: (error) => errors.push(error),
    });
  });
  replayHeldEarlyActions();
  expect((window as { __beyondPageHydrated?: boolean }).__beyondPageHydrated).toBeUndefined();
  await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2), { timeout: 3000 });
  await act(async () => codeArrived());
  expect(container.innerHTML).toBe(html);
  expect(errors).toEqual([]);
  // The page's other early taps are no longer held back for either.
  expect((window as { __beyondPageHydrated?: boolean }).__beyondPageHydrated).toBe(true);
});
