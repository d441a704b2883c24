/**
 * The live-chat state the bubble renders (SPEC §1). A provider (the consent-gated widget,
 * wired by the analytics work) reports its status and opens the chat; until one is attached
 * the chat is offline and the bubble looks disabled.
 */
export type ChatStatus = "online" | "offline";

export interface ChatProvider {
  /** Toggles and maximises the widget (SPEC §7). */
  open(): void;
}

let status: ChatStatus = "offline";
let provider: ChatProvider | null = null;
const listeners = new Set<() => void>();

export function getChatStatus(): ChatStatus {
  return status;
}

export function subscribeToChatStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setChatStatus(next: ChatStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

export function attachChatProvider(next: ChatProvider | null): void {
  provider = next;
  if (!next) setChatStatus("offline");
}

/** Opens chat only while it is online (SPEC §1); returns whether it opened. */
export function openChat(): boolean {
  if (status !== "online" || !provider) return false;
  provider.open();
  return true;
}

let interestListener: ((wantsToOpen: boolean) => void) | null = null;

/**
 * The visitor reached for the bubble (pointer, focus or click): the consent-gated loader
 * uses this to load the widget on first interaction. `wantsToOpen` is a click.
 */
export function signalChatInterest(wantsToOpen: boolean): void {
  interestListener?.(wantsToOpen);
}

/** Registers the single interest listener (the chat loader); returns its removal. */
export function onChatInterest(listener: (wantsToOpen: boolean) => void): () => void {
  interestListener = listener;
  return () => {
    if (interestListener === listener) interestListener = null;
  };
}
