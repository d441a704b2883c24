import { DEPLOYMENT } from "../../lib/site-deployment.ts";
import { laterPart } from "./hydration-part.tsx";

/**
 * The live-chat bubble as a part whose code comes after the start (decision record 0012):
 * chat itself loads only after consent and the start, so nothing is lost while the bubble's
 * prerendered button waits for its code, and a tap on it in the meantime is kept and
 * replayed. Its code (the bubble, its tooltip) was about 1 KB gzip of every first load.
 * A later part asks for its code as soon as it is defined, so a build without chat, which
 * never shows the bubble, defines none.
 */
export const ChatBubble = DEPLOYMENT.chat
  ? laterPart<object>(async () => (await import("./chat-bubble.tsx")).ChatBubble)
  : () => null;
