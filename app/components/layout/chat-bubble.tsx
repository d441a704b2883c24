import { useRef, useSyncExternalStore } from "react";
import {
  getChatStatus,
  openChat,
  signalChatInterest,
  subscribeToChatStatus,
} from "../../browser/chat.ts";
import { useAvoidObscuring } from "../../hooks/use-avoid-obscuring.ts";
import { useT } from "../../hooks/use-t.ts";
import { Tooltip } from "../ui/tooltip.tsx";

/**
 * The live-chat bubble (SPEC §1): disabled-looking unless chat is online, and a click opens
 * chat only when online. It stays focusable while offline so its message can be read.
 */
export function ChatBubble() {
  const t = useT();
  const status = useSyncExternalStore(subscribeToChatStatus, getChatStatus, () => "offline");
  const isOnline = status === "online";
  const ref = useRef<HTMLDivElement>(null);
  // WCAG 2.4.11: the bubble steps aside rather than cover the focused element or form buttons.
  const isObscuring = useAvoidObscuring(ref);
  const message = isOnline ? t("common.chat.online") : t("common.chat.offline");
  return (
    <div ref={ref} className="chat-bubble" data-status={status} data-obscuring={isObscuring}>
      <Tooltip content={message} placement="left">
        <button
          type="button"
          className="chat-bubble__button"
          aria-disabled={!isOnline}
          onPointerEnter={() => signalChatInterest(false)}
          onFocus={() => signalChatInterest(false)}
          onClick={() => {
            // Before the widget has loaded, a click asks it to open once it reports online.
            if (!openChat()) signalChatInterest(true);
          }}
        >
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M12 3C6.5 3 2 6.8 2 11.5c0 2.4 1.2 4.6 3.1 6.1L4 21l4.3-2.1c1.2.4 2.4.6 3.7.6 5.5 0 10-3.8 10-8.5S17.5 3 12 3Zm-4 9.8a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Zm4 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Zm4 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Z"
            />
          </svg>
          <span className="visually-hidden">{t("common.chat.label")}</span>
        </button>
      </Tooltip>
    </div>
  );
}
