import { useCallback, useEffect, useRef, useState } from "react";
import {
  applyCalculatorEdit,
  type CalculatorField,
  type CalculatorState,
  INITIAL_CALCULATOR_STATE,
  parseCountInput,
} from "../lib/pricing/calculator.ts";
import { CALCULATOR_DEBOUNCE_MS } from "../lib/pricing/constants.ts";

interface Draft {
  field: CalculatorField;
  raw: string;
}

export interface PricingCalculator {
  state: CalculatorState;
  /** The text a field shows: what the visitor is typing, else the committed value. */
  inputValue(field: CalculatorField): string;
  /** The visitor typed: committed after 500 ms of quiet (SPEC §4). */
  change(field: CalculatorField, raw: string): void;
  /** Leaving a field commits what it holds now, or restores the last good value. */
  blur(field: CalculatorField): void;
  /** A stepper press: one more or one fewer, debounced like typing. */
  step(field: CalculatorField, delta: 1 | -1): void;
}

function committedValue(state: CalculatorState, field: CalculatorField): number {
  return field === "employees" ? state.employees : state.breakdown[field];
}

/**
 * The calculator's state with SPEC §4's debounce: an edit is held as a draft and applied
 * by the pure rules of `lib/pricing/calculator.ts` once the visitor pauses for 500 ms,
 * leaves the field, or starts editing another one.
 */
export function usePricingCalculator(): PricingCalculator {
  const [state, setState] = useState(INITIAL_CALCULATOR_STATE);
  const [draft, setDraft] = useState<Draft | null>(null);
  // The timer callback and event handlers need the latest draft without re-subscribing.
  const draftRef = useRef<Draft | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const updateDraft = useCallback((next: Draft | null) => {
    draftRef.current = next;
    setDraft(next);
  }, []);

  const flush = useCallback(() => {
    clearTimeout(timerRef.current);
    const pending = draftRef.current;
    if (!pending) return;
    const value = parseCountInput(pending.raw);
    if (value !== null) setState((current) => applyCalculatorEdit(current, pending.field, value));
    updateDraft(null);
  }, [updateDraft]);

  const change = useCallback(
    (field: CalculatorField, raw: string) => {
      if (draftRef.current && draftRef.current.field !== field) flush();
      clearTimeout(timerRef.current);
      updateDraft({ field, raw });
      // An empty field waits for more typing or the blur; it is never committed.
      if (parseCountInput(raw) !== null)
        timerRef.current = setTimeout(flush, CALCULATOR_DEBOUNCE_MS);
    },
    [flush, updateDraft],
  );

  const blur = useCallback(
    (field: CalculatorField) => {
      if (draftRef.current?.field === field) flush();
    },
    [flush],
  );

  const inputValue = useCallback(
    (field: CalculatorField) =>
      draft?.field === field ? draft.raw : String(committedValue(state, field)),
    [draft, state],
  );

  const step = useCallback(
    (field: CalculatorField, delta: 1 | -1) => {
      const pending =
        draftRef.current?.field === field ? parseCountInput(draftRef.current.raw) : null;
      const base = pending ?? committedValue(state, field);
      change(field, String(Math.max(0, Math.floor(Math.abs(base)) + delta)));
    },
    [change, state],
  );

  useEffect(() => () => clearTimeout(timerRef.current), []);

  return { state, inputValue, change, blur, step };
}
