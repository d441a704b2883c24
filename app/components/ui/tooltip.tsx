import { cloneElement, type ReactElement, type ReactNode, useEffect, useId, useState } from "react";

interface TooltipProps {
  content: ReactNode;
  /** The trigger; it receives `aria-describedby` pointing at the tooltip. */
  children: ReactElement<{ "aria-describedby"?: string }>;
  placement?: "top" | "left";
}

/**
 * A tooltip (SPEC §4) shown on pointer enter or keyboard focus and hidden on leave, blur or
 * Escape (WCAG 1.4.13). It fades in over 500 ms and out over 300 ms in CSS.
 */
export function Tooltip({ content, children, placement = "top" }: TooltipProps) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setIsOpen(false);
    };
    document.addEventListener("keydown", handleKeyDown);
    return () => document.removeEventListener("keydown", handleKeyDown);
  }, [isOpen]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover on the wrapper mirrors focus on the trigger
    <span
      className="tooltip"
      data-placement={placement}
      onMouseEnter={() => setIsOpen(true)}
      onMouseLeave={() => setIsOpen(false)}
      onFocus={() => setIsOpen(true)}
      onBlur={() => setIsOpen(false)}
    >
      {cloneElement(children, { "aria-describedby": id })}
      <span role="tooltip" id={id} className="tooltip__bubble" data-open={isOpen}>
        {content}
      </span>
    </span>
  );
}
