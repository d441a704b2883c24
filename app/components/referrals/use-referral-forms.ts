import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import {
  FORM_DIALOG_IDS,
  MODAL_FADE_MS,
  type ReferralFormKind,
} from "../../lib/referrals/constants.ts";
import { formKindWithError } from "../../lib/referrals/submission.ts";
import type { LiveFormComponent } from "./load-live-form.ts";
import { loadLiveForm } from "./load-live-form.ts";
import { loadReferralModals } from "./load-referral-modals.ts";

/** What the confirmation modal shows: which form was sent and the submitted names. */
export interface Confirmation {
  kind: ReferralFormKind;
  values: Record<string, string>;
}

export interface ReferralForms {
  openForm: ReferralFormKind | null;
  LiveForm: LiveFormComponent | null;
  /** Changes when a form must start empty again (SPEC §4: a form modal resets on close). */
  formKeys: Record<ReferralFormKind, number>;
  triggers: Record<ReferralFormKind, RefObject<HTMLElement | null>>;
  confirmation: Confirmation | null;
  isConfirmationOpen: boolean;
  /** The form a script-less post came back from with invalid input (`?error=`). */
  rejectedForm: ReferralFormKind | null;
  open: (kind: ReferralFormKind, trigger: HTMLElement | null) => Promise<void>;
  close: (kind: ReferralFormKind) => void;
  sent: (kind: ReferralFormKind, values: Record<string, string>) => void;
  closeConfirmation: () => void;
}

/**
 * SPEC §4 referral modals: closed → open → submitted → confirmation shown → closed by the
 * confirmation's button. After a successful submit the form modal closes and its form resets.
 */
export function useReferralForms(): ReferralForms {
  const [openForm, setOpenForm] = useState<ReferralFormKind | null>(null);
  const [LiveForm, setLiveForm] = useState<LiveFormComponent | null>(null);
  const [formKeys, setFormKeys] = useState({ referral: 0, partner: 0 });
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [isConfirmationOpen, setConfirmationOpen] = useState(false);
  const [rejectedForm, setRejectedForm] = useState<ReferralFormKind | null>(null);
  const referralTrigger = useRef<HTMLElement | null>(null);
  const partnerTrigger = useRef<HTMLElement | null>(null);
  const triggers = useRef({ referral: referralTrigger, partner: partnerTrigger }).current;
  const resetTimers = useRef<Partial<Record<ReferralFormKind, number>>>({});

  const resetNow = useCallback((kind: ReferralFormKind) => {
    window.clearTimeout(resetTimers.current[kind]);
    delete resetTimers.current[kind];
    setFormKeys((keys) => ({ ...keys, [kind]: keys[kind] + 1 }));
  }, []);

  // The form empties after the fade-out, so it does not visibly clear while fading;
  // reopening sooner resets it at once.
  const scheduleReset = useCallback(
    (kind: ReferralFormKind) => {
      window.clearTimeout(resetTimers.current[kind]);
      resetTimers.current[kind] = window.setTimeout(() => resetNow(kind), MODAL_FADE_MS);
    },
    [resetNow],
  );

  useEffect(() => {
    const timers = resetTimers.current;
    return () => {
      for (const timer of Object.values(timers)) window.clearTimeout(timer);
    };
  }, []);

  // Bumped by every open and close: an open still waiting for the live form's chunk when
  // the visitor closes the modal (or opens the other one) must not reopen it afterwards.
  const latestRequest = useRef(0);

  const open = useCallback(
    async (kind: ReferralFormKind, trigger: HTMLElement | null) => {
      const request = ++latestRequest.current;
      triggers[kind].current = trigger;
      if (resetTimers.current[kind] !== undefined) resetNow(kind);
      try {
        const component = await loadLiveForm();
        setLiveForm(() => component);
      } catch (error) {
        // The prerendered form still posts natively; the visitor can go on.
        console.error("The live form could not be loaded", error);
      }
      if (request === latestRequest.current) setOpenForm(kind);
    },
    [resetNow, triggers],
  );

  // A script-less post that the server found invalid comes back here with `?error=`: once
  // the script runs, the form reopens with a note (browser checks make this rare).
  useEffect(() => {
    const kind = formKindWithError(window.location.search);
    if (!kind) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("error");
    window.history.replaceState(
      window.history.state,
      "",
      `${url.pathname}${url.search}${url.hash}`,
    );
    const trigger = document.querySelector<HTMLElement>(
      `button[commandfor="${FORM_DIALOG_IDS[kind]}"]`,
    );
    // The modals are a later part: the note goes to them once their code is in, so that it
    // reaches a hydrated form rather than a prerendered one still waiting for its code.
    void loadReferralModals()
      .catch(() => undefined)
      .then(() => {
        setRejectedForm(kind);
        return open(kind, trigger);
      });
  }, [open]);

  const close = useCallback(
    (kind: ReferralFormKind) => {
      latestRequest.current += 1;
      setRejectedForm(null);
      setOpenForm((current) => (current === kind ? null : current));
      scheduleReset(kind);
    },
    [scheduleReset],
  );

  const sent = useCallback(
    (kind: ReferralFormKind, values: Record<string, string>) => {
      setRejectedForm(null);
      setOpenForm(null);
      scheduleReset(kind);
      setConfirmation({ kind, values });
      setConfirmationOpen(true);
    },
    [scheduleReset],
  );

  const closeConfirmation = useCallback(() => setConfirmationOpen(false), []);

  return {
    openForm,
    LiveForm,
    formKeys,
    triggers,
    confirmation,
    isConfirmationOpen,
    rejectedForm,
    open,
    close,
    sent,
    closeConfirmation,
  };
}
