import { useCombobox, useMultipleSelection } from "downshift";
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { afterNextPaint } from "../../browser/after-next-paint.ts";
import { useT } from "../../hooks/use-t.ts";
import {
  canCreateOption,
  type DropdownOption,
  filterOptions,
  isSameLayout,
  type ListLayout,
  listLayout,
  scrollTopShowingRow,
} from "../../lib/dropdown/options.ts";
import "./dropdown.css";

/** A row of the list: an option, the "Add '…'" row, or the disabled "No more options" row. */
interface Row extends DropdownOption {
  kind: "option" | "create" | "empty";
}

export interface DropdownProps {
  /** Id of the text input (the field's label points at it). */
  id: string;
  /** Id of the visible label, which also names the list. */
  labelId: string;
  options: readonly DropdownOption[];
  /** Single-select: the value ("" for none). Multi-select: the values in order. */
  value: string | readonly string[];
  onChange: (value: string | string[]) => void;
  onBlur?: () => void;
  /** Receives the text input (react-hook-form focuses it on a failed submit). */
  inputRef?: React.Ref<HTMLInputElement>;
  isMulti?: boolean;
  /** Offers "Add '{name}'" for typed text that matches no option. */
  isCreatable?: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

const VIEWPORT_MARGIN_PX = 8;

/**
 * SPEC §4 dropdown widget on Downshift's accessible combobox: single or multi-select,
 * type-to-filter (typed text regex-escaped), optional creation of options, clear-all for
 * multi, and a list that opens without scrolling when there is room for 35 px per option.
 */
export function Dropdown(props: DropdownProps) {
  const { options, value, isCreatable = false } = props;
  const t = useT();
  const [created, setCreated] = useState<DropdownOption[]>([]);
  const [filterText, setFilterText] = useState("");
  const allOptions = useMemo(() => [...options, ...created], [options, created]);
  const selectedValues = useMemo<readonly string[]>(
    () => (typeof value === "string" ? (value === "" ? [] : [value]) : value),
    [value],
  );
  const selectedOptions = selectedValues
    .map((selected) => allOptions.find((option) => option.value === selected))
    .filter((option): option is DropdownOption => option !== undefined);

  const rows = useMemo<Row[]>(() => {
    const matches: Row[] = filterOptions(
      allOptions,
      filterText,
      props.isMulti ? selectedValues : [],
    ).map((option) => ({ ...option, kind: "option" }));
    if (isCreatable && canCreateOption(allOptions, filterText)) {
      const name = filterText.trim();
      matches.push({ kind: "create", value: name, label: t("form.dropdown.add", { name }) });
    }
    if (matches.length === 0) {
      matches.push({ kind: "empty", value: "", label: t("form.dropdown.noOptions") });
    }
    return matches;
  }, [allOptions, filterText, isCreatable, props.isMulti, selectedValues, t]);

  const pick = (row: Row): DropdownOption => {
    const option = { value: row.value, label: row.value };
    if (row.kind === "create") {
      setCreated((previous) => [...previous, option]);
      return option;
    }
    return row;
  };

  return props.isMulti ? (
    <MultiDropdown
      {...props}
      rows={rows}
      selectedOptions={selectedOptions}
      setFilterText={setFilterText}
      pick={pick}
    />
  ) : (
    <SingleDropdown
      {...props}
      rows={rows}
      selectedOption={selectedOptions[0] ?? null}
      setFilterText={setFilterText}
      pick={pick}
    />
  );
}

interface InnerProps extends DropdownProps {
  rows: Row[];
  setFilterText: (text: string) => void;
  pick: (row: Row) => DropdownOption;
}

function SingleDropdown({
  id,
  labelId,
  rows,
  selectedOption,
  setFilterText,
  pick,
  onChange,
  onBlur,
  inputRef,
  "aria-invalid": ariaInvalid,
  "aria-describedby": ariaDescribedBy,
}: InnerProps & { selectedOption: DropdownOption | null }) {
  const t = useT();
  const combobox = useCombobox<Row>({
    inputId: id,
    labelId,
    menuId: `${id}-list`,
    toggleButtonId: `${id}-toggle`,
    items: rows,
    itemToString: (row) => row?.label ?? "",
    itemToKey: (row) => (row ? `${row.kind}:${row.value}` : null),
    isItemDisabled: (row) => row.kind === "empty",
    selectedItem: selectedOption ? { ...selectedOption, kind: "option" } : null,
    onInputValueChange: ({ inputValue, type }) => {
      setFilterText(type === useCombobox.stateChangeTypes.InputChange ? (inputValue ?? "") : "");
    },
    onSelectedItemChange: ({ selectedItem }) => {
      onChange(selectedItem ? pick(selectedItem).value : "");
    },
    stateReducer: (_state, { type, changes }) => {
      // Leaving the field with half-typed text shows the current choice again.
      if (type === useCombobox.stateChangeTypes.InputBlur && !changes.selectedItem) {
        return { ...changes, inputValue: "" };
      }
      if (changes.selectedItem?.kind === "create") {
        return { ...changes, inputValue: changes.selectedItem.value };
      }
      return changes;
    },
  });
  return (
    <DropdownFrame
      combobox={combobox}
      rows={rows}
      inputProps={{
        "aria-invalid": ariaInvalid,
        "aria-describedby": ariaDescribedBy,
        placeholder: t("form.dropdown.placeholder"),
        onBlur,
        ref: inputRef,
      }}
    />
  );
}

function MultiDropdown({
  id,
  labelId,
  rows,
  selectedOptions,
  setFilterText,
  pick,
  onChange,
  onBlur,
  inputRef,
  "aria-invalid": ariaInvalid,
  "aria-describedby": ariaDescribedBy,
}: InnerProps & { selectedOptions: DropdownOption[] }) {
  const t = useT();
  const [inputValue, setInputValue] = useState("");
  const setSelected = (next: DropdownOption[]) => onChange(next.map((option) => option.value));
  const multiple = useMultipleSelection<DropdownOption>({
    selectedItems: selectedOptions,
    itemToKey: (option) => option?.value,
    onSelectedItemsChange: ({ selectedItems }) => setSelected(selectedItems ?? []),
  });
  const combobox = useCombobox<Row>({
    inputId: id,
    labelId,
    menuId: `${id}-list`,
    toggleButtonId: `${id}-toggle`,
    items: rows,
    itemToString: (row) => row?.label ?? "",
    itemToKey: (row) => (row ? `${row.kind}:${row.value}` : null),
    isItemDisabled: (row) => row.kind === "empty",
    selectedItem: null,
    inputValue,
    stateReducer: (_state, { type, changes }) => {
      const { InputKeyDownEnter, ItemClick } = useCombobox.stateChangeTypes;
      // Keep the list open after a pick so several can be chosen in a row.
      if (type === InputKeyDownEnter || type === ItemClick) {
        return { ...changes, isOpen: true, highlightedIndex: 0, inputValue: "" };
      }
      return changes;
    },
    onStateChange: ({ type, selectedItem, inputValue: typed }) => {
      const { InputChange, InputKeyDownEnter, ItemClick } = useCombobox.stateChangeTypes;
      if (type === InputChange) {
        setInputValue(typed ?? "");
        setFilterText(typed ?? "");
      }
      if ((type === InputKeyDownEnter || type === ItemClick) && selectedItem) {
        setSelected([...selectedOptions, pick(selectedItem)]);
        setInputValue("");
        setFilterText("");
      }
    },
  });
  return (
    <DropdownFrame
      combobox={combobox}
      rows={rows}
      inputProps={multiple.getDropdownProps({
        "aria-invalid": ariaInvalid,
        "aria-describedby": ariaDescribedBy,
        placeholder: selectedOptions.length === 0 ? t("form.dropdown.placeholder") : undefined,
        onBlur,
        ref: inputRef,
        preventKeyAction: combobox.isOpen,
      })}
      chips={
        selectedOptions.length > 0 ? (
          <ul className="dropdown__chips">
            {selectedOptions.map((option, index) => (
              <li
                key={option.value}
                className="dropdown__chip"
                {...multiple.getSelectedItemProps({ selectedItem: option, index })}
              >
                {option.label}
                <button
                  type="button"
                  className="dropdown__chip-remove"
                  title={t("form.dropdown.remove")}
                  aria-label={t("form.dropdown.removeOption", { name: option.label })}
                  onClick={(event) => {
                    event.stopPropagation();
                    multiple.removeSelectedItem(option);
                  }}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null
      }
      clearAll={
        selectedOptions.length > 0 ? (
          <button
            type="button"
            className="dropdown__clear"
            onClick={() => {
              multiple.reset();
              setSelected([]);
            }}
          >
            {t("form.dropdown.clearAll")}
          </button>
        ) : null
      }
    />
  );
}

interface FrameProps {
  combobox: ReturnType<typeof useCombobox<Row>>;
  rows: Row[];
  inputProps: Record<string, unknown> & {
    onClick?: React.MouseEventHandler<HTMLInputElement>;
    onKeyDown?: React.KeyboardEventHandler<HTMLInputElement>;
  };
  chips?: React.ReactNode;
  clearAll?: React.ReactNode;
}

/**
 * A tap that opens the list is answered first by the field it focuses (its ring, the caret,
 * the expanded state); the rows are rendered and laid out after that frame is painted, a
 * frame later (issue 50: on a slow phone they were most of the tap's 100 ms and more). The
 * keyboard and typing open the list at once, and a key pressed before that paint shows it.
 */
function DropdownFrame({ combobox, rows, inputProps, chips, clearAll }: FrameProps) {
  const t = useT();
  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps } = combobox;
  const [isWaitingForPaint, setIsWaitingForPaint] = useState(false);
  const isListDrawn = isOpen && !isWaitingForPaint;
  // Runs before Downshift's own click handler, so both updates render together.
  const drawListAfterPaint = () => {
    if (isOpen) return;
    setIsWaitingForPaint(true);
    afterNextPaint(() => setIsWaitingForPaint(false));
  };
  // A key pressed before that paint (a browser that draws no frame yet) shows the rows now.
  const drawListNow = () => {
    if (isWaitingForPaint) setIsWaitingForPaint(false);
  };
  const controlRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const [layout, setLayout] = useState<ListLayout>({ placement: "below", maxHeightPx: null });

  useLayoutEffect(() => {
    const control = controlRef.current;
    if (!isListDrawn || !control) return;
    const field = control.getBoundingClientRect();
    // Inside a scrolling dialog the list is clipped by the dialog, not the viewport.
    const scroller = control.closest("dialog")?.getBoundingClientRect();
    const top = Math.max(scroller?.top ?? 0, 0) + VIEWPORT_MARGIN_PX;
    const bottom = Math.min(scroller?.bottom ?? window.innerHeight, window.innerHeight);
    const next = listLayout(
      rows.length,
      bottom - VIEWPORT_MARGIN_PX - field.bottom,
      field.top - top,
    );
    // An unchanged layout keeps its state, so that opening the list renders it once, not twice.
    setLayout((current) => (isSameLayout(current, next) ? current : next));
  }, [isListDrawn, rows.length]);

  // Downshift scrolls the highlighted row into view when it highlights it; a list opened by
  // a tap gets its rows a frame later, so the row is brought into view once they are there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the rows appear
  useLayoutEffect(() => {
    const menu = menuRef.current;
    const row = menu?.children[highlightedIndex];
    if (!isListDrawn || !menu || !(row instanceof HTMLElement)) return;
    menu.scrollTop = scrollTopShowingRow({
      rowTop: row.offsetTop,
      rowHeight: row.offsetHeight,
      listScrollTop: menu.scrollTop,
      listHeight: menu.clientHeight,
    });
  }, [isListDrawn]);

  return (
    <div className="dropdown" data-open={isListDrawn || undefined}>
      {chips}
      <div className="dropdown__control" ref={controlRef}>
        <input
          className="field__control dropdown__input"
          {...getInputProps({
            ...inputProps,
            onClick: (event: React.MouseEvent<HTMLInputElement>) => {
              inputProps.onClick?.(event);
              drawListAfterPaint();
            },
            onKeyDown: (event: React.KeyboardEvent<HTMLInputElement>) => {
              inputProps.onKeyDown?.(event);
              drawListNow();
            },
          })}
        />
        {clearAll}
        <button
          type="button"
          className="dropdown__toggle"
          aria-label={t("form.dropdown.toggle")}
          {...combobox.getToggleButtonProps({ onClick: drawListAfterPaint, tabIndex: -1 })}
        >
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
      <ul
        className="dropdown__menu"
        data-placement={layout.placement}
        style={layout.maxHeightPx === null ? undefined : { maxHeight: `${layout.maxHeightPx}px` }}
        hidden={!isListDrawn}
        {...getMenuProps({ ref: menuRef })}
      >
        {isListDrawn
          ? rows.map((row, index) => (
              <li
                key={`${row.kind}:${row.value}`}
                className={`dropdown__option dropdown__option--${row.kind}`}
                data-highlighted={highlightedIndex === index || undefined}
                {...getItemProps({ item: row, index })}
              >
                {row.label}
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}
