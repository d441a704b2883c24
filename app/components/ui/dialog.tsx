import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { markModalOpen } from "../../browser/modal-open.ts";
import { useT } from "../../hooks/use-t.ts";
import { isBackdropClick, type Point } from "../../lib/dialog/backdrop-click.ts";
import "./dialog.css";

export interface DialogProps {
  /** Element id; buttons open it without JavaScript through `commandfor`. */
  id: string;
  isOpen: boolean;
  /** Called however the dialog closed: close button, Escape, backdrop or `isOpen` false. */
  onClose: () => void;
  title: string;
  /** Text under the title, also the dialog's accessible description. */
  intro?: ReactNode;
  /** Where focus goes when the dialog closes; by default, what had it before opening. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** `form` is wide enough for two columns, `message` is a short confirmation. */
  size?: "form" | "message";
  children: ReactNode;
}

/**
 * A modal on the native `<dialog>` (SPEC §4): `showModal()` makes the page behind it inert
 * and traps focus, Escape and the close button close it, and a backdrop click closes it
 * only when press and release are within 10 px. The 500 ms fade is CSS (`dialog.css`).
 */
export function Dialog({
  id,
  isOpen,
  onClose,
  title,
  intro,
  returnFocusRef,
  size = "form",
  children,
}: DialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const previousFocus = useRef<HTMLElement | null>(null);
  const press = useRef<Point | null>(null);
  const wasOpen = useRef(false);
  const titleId = useId();
  const introId = useId();

  useEffect(() => {
    const dialog = ref.current;
    // Only transitions act: a dialog opened natively before hydration stays open.
    if (!dialog || isOpen === wasOpen.current) return;
    wasOpen.current = isOpen;
    if (isOpen) {
      if (!dialog.open) {
        previousFocus.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
        dialog.showModal();
        dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
      }
      return markModalOpen();
    }
    if (dialog.open) dialog.close();
    return undefined;
  }, [isOpen]);

  const handleClose = () => {
    wasOpen.current = false;
    onClose();
    const target = returnFocusRef?.current ?? previousFocus.current;
    if (target?.isConnected) target.focus();
  };

  const handlePointerDown = (event: React.PointerEvent<HTMLDialogElement>) => {
    const point = { x: event.clientX, y: event.clientY };
    // Presses on the backdrop target the dialog element itself.
    press.current = event.target === event.currentTarget ? point : null;
  };

  const handleClick = (event: React.MouseEvent<HTMLDialogElement>) => {
    const release = { x: event.clientX, y: event.clientY };
    const box = event.currentTarget.getBoundingClientRect();
    const started = press.current;
    press.current = null;
    if (event.target === event.currentTarget && isBackdropClick(started, release, box)) {
      event.currentTarget.close();
    }
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes natively; the click only serves the backdrop
    <dialog
      ref={ref}
      id={id}
      className={`dialog dialog--${size}`}
      aria-labelledby={titleId}
      aria-describedby={intro ? introId : undefined}
      onClose={handleClose}
      onPointerDown={handlePointerDown}
      onClick={handleClick}
    >
      <div className="dialog__panel">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button
            type="button"
            className="dialog__close"
            aria-label={t("form.close")}
            commandfor={id}
            command="close"
            // Browsers without invoker commands close through the script.
            onClick={() => ref.current?.close()}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </header>
        {intro ? (
          <p id={introId} className="dialog__intro">
            {intro}
          </p>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}
