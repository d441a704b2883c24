import { act, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, test } from "vitest";
import {
  EARLY_ACTIONS_GLOBAL,
  EARLY_CAPTURE_SCRIPT,
  EARLY_PENDING_ATTRIBUTE,
  LATER_PART_ATTRIBUTE,
} from "./capture-script.ts";
import {
  type EarlyAction,
  handOverEarlyActions,
  markLaterPartLive,
  replayEarlyActions,
  resolveTarget,
  takeEarlyActions,
} from "./replay.ts";

/** Runs the inline script as the page would, in this test's document. */
function runCaptureScript() {
  new Function(EARLY_CAPTURE_SCRIPT)();
}

const immediately = () => Promise.resolve();

// Hydration below runs inside act(), as React expects of a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  takeEarlyActions(window);
  delete (window as unknown as Record<string, unknown>)[EARLY_ACTIONS_GLOBAL];
  document.body.innerHTML = "";
});

function type(field: HTMLInputElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

describe("the capture script", () => {
  test("keeps clicks, typed values and tab keys in order, and nothing after stop", () => {
    document.body.innerHTML = `
      <button id="accept" type="button">Accept</button>
      <input id="count" type="number" value="10">
      <label><input type="radio" name="billing" value="monthly"> Monthly</label>
      <div role="tablist"><button role="tab" id="tab-1">One</button></div>`;
    runCaptureScript();
    (document.getElementById("accept") as HTMLButtonElement).click();
    const count = document.getElementById("count") as HTMLInputElement;
    type(count, "4");
    type(count, "40");
    document.querySelector<HTMLInputElement>("input[type=radio]")?.click();
    document
      .getElementById("tab-1")
      ?.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
    const actions = takeEarlyActions(window);
    expect(actions.map(({ type, key, value, checked }) => ({ type, key, value, checked }))).toEqual(
      [
        { type: "click", key: "#accept", value: undefined, checked: false },
        { type: "input", key: "#count", value: "40", checked: undefined },
        { type: "click", key: "2", value: undefined, checked: true },
        { type: "key", key: "#tab-1", value: "ArrowDown", checked: undefined },
      ],
    );
    (document.getElementById("accept") as HTMLButtonElement).click();
    expect(takeEarlyActions(window)).toEqual([]);
  });

  test("leaves links, submit buttons, disabled buttons and other keys to the browser", () => {
    document.body.innerHTML = `
      <a href="#x" id="link">Link</a>
      <form><button id="send">Send</button></form>
      <button id="off" type="button" disabled>Off</button>
      <button id="tab" role="tab" type="button">Tab</button>`;
    runCaptureScript();
    document.getElementById("link")?.click();
    document.getElementById("send")?.addEventListener("click", (event) => event.preventDefault());
    document.getElementById("send")?.click();
    document.getElementById("off")?.click();
    document
      .getElementById("tab")
      ?.dispatchEvent(new KeyboardEvent("keydown", { key: "a", bubbles: true }));
    expect(takeEarlyActions(window)).toEqual([]);
  });

  test("gives a kept tap's control the pending mark, and nothing else", () => {
    document.body.innerHTML = `
      <button id="accept" type="button">Accept</button>
      <a href="#x" id="link">Link</a>
      <input id="count" type="number" value="10">`;
    runCaptureScript();
    document.getElementById("accept")?.click();
    document.getElementById("link")?.click();
    type(document.getElementById("count") as HTMLInputElement, "4");
    expect(
      [...document.querySelectorAll(`[${EARLY_PENDING_ATTRIBUTE}]`)].map((el) => el.id),
    ).toEqual(["accept"]);
  });

  test("without the script there is nothing to take", () => {
    expect(takeEarlyActions(window)).toEqual([]);
    expect(handOverEarlyActions(window)).toEqual([]);
  });

  test("after the hand-over keeps only actions in later parts not yet live, and keeps them from the app", () => {
    document.body.innerHTML = `
      <button id="menu" type="button">Menu</button>
      <div ${LATER_PART_ATTRIBUTE}>
        <button id="next" type="button">Next</button>
        <div role="tablist"><button role="tab" id="tab-2">Two</button></div>
      </div>
      <div ${LATER_PART_ATTRIBUTE} id="other"><button id="dot" type="button">Dot</button></div>`;
    runCaptureScript();
    document.getElementById("menu")?.click();
    expect(handOverEarlyActions(window).map((action) => action.key)).toEqual(["#menu"]);
    // Registered after the script, as React's listeners are.
    const reached: string[] = [];
    for (const type of ["click", "keydown"]) {
      document.addEventListener(type, (event) => reached.push((event.target as Element).id), true);
    }
    document.getElementById("menu")?.click();
    document.getElementById("next")?.click();
    document
      .getElementById("tab-2")
      ?.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
    markLaterPartLive(window, document.getElementById("other") as Element);
    document.getElementById("dot")?.click();
    expect(reached).toEqual(["menu", "dot"]);
    const kept = takeEarlyActions(window);
    expect(kept.map(({ type, key, value }) => ({ type, key, value }))).toEqual([
      { type: "click", key: "#next", value: undefined },
      { type: "key", key: "#tab-2", value: "ArrowLeft" },
    ]);
    expect(document.getElementById("next")?.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(true);
    document.getElementById("next")?.click();
    expect(takeEarlyActions(window)).toEqual([]);
    expect(reached).toEqual(["menu", "dot", "next"]);
  });
});

describe("resolveTarget", () => {
  test("uses the same element while it is in the page, else the one at the same key", () => {
    document.body.innerHTML = `<button id="a">A</button><input><button>B</button>`;
    const [first, , third] = document.querySelectorAll("button, input");
    const kept: EarlyAction = { type: "click", el: third as Element, key: "2" };
    expect(resolveTarget(kept, document)).toBe(third);
    document.body.innerHTML = `<button id="a">A</button><input><button>B</button>`;
    expect(resolveTarget(kept, document)?.textContent).toBe("B");
    expect(resolveTarget({ type: "click", el: first as Element, key: "#a" }, document)?.id).toBe(
      "a",
    );
    expect(resolveTarget({ type: "click", el: first as Element, key: "7" }, document)).toBeNull();
  });
});

/** A prerendered controlled form, hydrated after the visitor acted on it. */
function Calculator({ log }: { log: string[] }) {
  const [count, setCount] = useState("10");
  const [billing, setBilling] = useState("annual");
  return (
    <form>
      <input
        aria-label="count"
        type="number"
        value={count}
        onChange={(event) => {
          log.push(`count ${event.currentTarget.value}`);
          setCount(event.currentTarget.value);
        }}
      />
      <button
        type="button"
        onClick={() => {
          log.push("plus");
          setCount((value) => String(Number(value) + 1));
        }}
      >
        +
      </button>
      {["annual", "monthly"].map((period) => (
        <input
          key={period}
          type="radio"
          name="billing"
          aria-label={period}
          value={period}
          checked={billing === period}
          onChange={() => {
            log.push(`billing ${period}`);
            setBilling(period);
          }}
        />
      ))}
      <output>{`${count} ${billing}`}</output>
    </form>
  );
}

describe("replayEarlyActions", () => {
  test("carries out typed text, a click and a radio choice once each, in order, after hydration", async () => {
    const log: string[] = [];
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Calculator log={log} />);
    document.body.append(container);
    runCaptureScript();
    const count = container.querySelector<HTMLInputElement>("input[type=number]");
    if (!count) throw new Error("no field");
    type(count, "40");
    container.querySelector("button")?.click();
    container.querySelector<HTMLInputElement>("input[value=monthly]")?.click();

    const actions = takeEarlyActions(window);
    await act(async () => {
      hydrateRoot(container, <Calculator log={log} />);
    });
    expect(log).toEqual([]);
    await act(async () => {
      expect(await replayEarlyActions(actions, document, immediately)).toEqual([
        "input",
        "click",
        "click",
      ]);
    });
    expect(log).toEqual(["count 40", "plus", "billing monthly"]);
    expect(container.querySelector("output")?.textContent).toBe("41 monthly");
    expect(count.value).toBe("41");
  });

  test("clears the pending mark as each tap is carried out", async () => {
    document.body.innerHTML = `<button id="a" type="button">A</button>`;
    runCaptureScript();
    const button = document.getElementById("a") as HTMLButtonElement;
    button.click();
    const actions = takeEarlyActions(window);
    expect(button.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(true);
    await replayEarlyActions(actions, document, immediately);
    expect(button.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(false);
  });

  test("drops a second tap on a control the first tap removed, rather than pass it to the next control", async () => {
    const log: string[] = [];
    // biome-ignore lint/correctness/noComponentHookFactories: one component per test, made before anything renders
    function Page() {
      const [bannerOpen, setBannerOpen] = useState(true);
      return (
        <>
          {bannerOpen && (
            <button type="button" onClick={() => setBannerOpen(false)}>
              Accept all
            </button>
          )}
          <button type="button" onClick={() => log.push("menu")}>
            Menu
          </button>
        </>
      );
    }
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    runCaptureScript();
    const accept = container.querySelector("button") as HTMLButtonElement;
    accept.click();
    accept.click();
    const actions = takeEarlyActions(window);
    await act(async () => {
      hydrateRoot(container, <Page />);
    });
    await act(async () => {
      expect(await replayEarlyActions(actions, document, immediately)).toEqual(["click"]);
    });
    expect(container.textContent).toBe("Menu");
    expect(log).toEqual([]);
    expect(accept.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(false);
  });

  test("drops an action whose control has gone", async () => {
    document.body.innerHTML = "<button>A</button>";
    const button = document.querySelector("button") as HTMLButtonElement;
    button.remove();
    expect(await replayEarlyActions([{ type: "click", el: button, key: "3" }], document)).toEqual(
      [],
    );
  });
});
