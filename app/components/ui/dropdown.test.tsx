import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, test } from "vitest";
import { loadMessages } from "../../lib/i18n/catalog.server.ts";
import { compileMessages } from "../../lib/i18n/compile.server.ts";
import { I18nProvider } from "../i18n/i18n-provider.tsx";
import { Dropdown } from "./dropdown.tsx";

afterEach(cleanup);

const messages = compileMessages(loadMessages("en", ["form"]));
const OPTIONS = [
  { value: "accountant", label: "Accountant" },
  { value: "bookkeeper", label: "Bookkeeper" },
  { value: "consultant", label: "Consultant" },
];

function Harness({ isMulti = false, isCreatable = false }) {
  const [value, setValue] = useState<string | string[]>(isMulti ? [] : "");
  return (
    <I18nProvider locale="en-GB" messages={messages}>
      <span id="practice-label">Practice</span>
      <Dropdown
        id="practice"
        labelId="practice-label"
        options={OPTIONS}
        value={value}
        onChange={setValue}
        isMulti={isMulti}
        isCreatable={isCreatable}
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </I18nProvider>
  );
}

function input() {
  return screen.getByRole("combobox", { name: "Practice" });
}

function value() {
  return JSON.parse(screen.getByTestId("value").textContent ?? "null");
}

function press(key: string) {
  fireEvent.keyDown(input(), { key });
}

describe("single select", () => {
  test("opens with the arrow key and picks with Enter", () => {
    render(<Harness />);
    expect(input()).toHaveAttribute("placeholder", "Pick an option");
    press("ArrowDown");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Accountant",
      "Bookkeeper",
      "Consultant",
    ]);
    press("ArrowDown");
    press("Enter");
    expect(value()).toBe("bookkeeper");
    expect(input()).toHaveValue("Bookkeeper");
  });

  test("a tap opens the list at once, and its rows come after the tap's frame is painted", async () => {
    render(<Harness />);
    fireEvent.click(input());
    expect(input()).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("listbox", { hidden: true })).not.toBeVisible();
    expect(screen.queryAllByRole("option")).toEqual([]);
    expect((await screen.findAllByRole("option")).map((option) => option.textContent)).toEqual([
      "Accountant",
      "Bookkeeper",
      "Consultant",
    ]);
    expect(screen.getByRole("listbox")).toBeVisible();
    fireEvent.click(screen.getByRole("option", { name: "Consultant" }));
    expect(value()).toBe("consultant");
  });

  test("a key pressed before the tap's frame is painted shows the rows at once", () => {
    render(<Harness />);
    fireEvent.click(input());
    expect(screen.queryAllByRole("option")).toEqual([]);
    press("ArrowDown");
    expect(screen.getAllByRole("option")).toHaveLength(3);
    expect(screen.getByRole("listbox")).toBeVisible();
  });

  test("says 'No more options' when nothing matches", () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: "[x" } });
    const rows = screen.getAllByRole("option");
    expect(rows.map((row) => row.textContent)).toEqual(["No more options"]);
    expect(rows[0]).toHaveAttribute("aria-disabled", "true");
  });
});

describe("creatable", () => {
  test("offers Add '{name}' for new text and selects the new option", () => {
    render(<Harness isCreatable />);
    fireEvent.change(input(), { target: { value: "Auditor" } });
    const add = screen.getByRole("option", { name: "Add 'Auditor'" });
    fireEvent.click(add);
    expect(value()).toBe("Auditor");
    expect(input()).toHaveValue("Auditor");
  });

  test("does not offer to add an existing option", () => {
    render(<Harness isCreatable />);
    fireEvent.change(input(), { target: { value: "consultant" } });
    expect(screen.queryByRole("option", { name: /^Add/ })).toBeNull();
    expect(screen.getByRole("option", { name: "Consultant" })).toBeInTheDocument();
  });
});

describe("multi select", () => {
  test("picks several, removes one, then clears all", () => {
    render(<Harness isMulti />);
    press("ArrowDown");
    press("Enter");
    expect(value()).toEqual(["accountant"]);
    // The list stays open and no longer offers what is selected.
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Bookkeeper",
      "Consultant",
    ]);
    fireEvent.click(screen.getByRole("option", { name: "Consultant" }));
    expect(value()).toEqual(["accountant", "consultant"]);

    const remove = screen.getByRole("button", { name: "Remove Accountant from selection" });
    expect(remove).toHaveAttribute("title", "Remove from selection");
    act(() => {
      fireEvent.click(remove);
    });
    expect(value()).toEqual(["consultant"]);

    fireEvent.click(screen.getByRole("button", { name: "Clear all" }));
    expect(value()).toEqual([]);
    expect(screen.queryByRole("button", { name: "Clear all" })).toBeNull();
  });

  test("after everything is picked, the list says 'No more options'", () => {
    render(<Harness isMulti />);
    press("ArrowDown");
    // Each pick keeps the list open with its first remaining option highlighted.
    for (let index = 0; index < OPTIONS.length; index += 1) press("Enter");
    expect(value()).toEqual(["accountant", "bookkeeper", "consultant"]);
    const list = screen.getByRole("listbox");
    expect(
      within(list)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["No more options"]);
  });
});
