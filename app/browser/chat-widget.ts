import { attachChatProvider, openChat, setChatStatus } from "./chat.ts";
import { injectScript } from "./inject-script.ts";

/** The Tawk.to JavaScript API the widget exposes (the parts the site uses). */
interface TawkApi {
  onLoad?: () => void;
  onStatusChange?: (status: string) => void;
  onChatMinimized?: () => void;
  getStatus?: () => string;
  toggle?: () => void;
  maximize?: () => void;
  hideWidget?: () => void;
  showWidget?: () => void;
}

declare global {
  interface Window {
    Tawk_API?: TawkApi;
    Tawk_LoadStart?: Date;
  }
}

const CHAT_SCRIPT_ORIGIN = "https://embed.tawk.to";

let isLoading = false;
let opensWhenOnline = false;

function reportStatus(status: string | undefined): void {
  setChatStatus(status === "online" ? "online" : "offline");
  if (status === "online" && opensWhenOnline) {
    opensWhenOnline = false;
    openChat();
  }
}

/**
 * Loads the live-chat widget (SPEC §7) once and attaches it as the bubble's provider.
 * The site's own bubble is the launcher, so the widget's is hidden until chat opens.
 * `openWhenOnline`: the visitor clicked the bubble before the widget had loaded.
 */
export function loadChatWidget(
  { propertyId, widgetId }: { propertyId: string; widgetId: string },
  openWhenOnline = false,
): void {
  opensWhenOnline ||= openWhenOnline;
  if (isLoading) return;
  isLoading = true;
  const api: TawkApi = window.Tawk_API ?? {};
  window.Tawk_API = api;
  window.Tawk_LoadStart = new Date();
  api.onLoad = () => {
    api.hideWidget?.();
    reportStatus(api.getStatus?.());
  };
  api.onStatusChange = reportStatus;
  api.onChatMinimized = () => api.hideWidget?.();
  attachChatProvider({
    open() {
      // SPEC §7: the widget is toggled and maximized on click.
      api.showWidget?.();
      api.toggle?.();
      api.maximize?.();
    },
  });
  void injectScript(
    `${CHAT_SCRIPT_ORIGIN}/${encodeURIComponent(propertyId)}/${encodeURIComponent(widgetId)}`,
    { charset: "UTF-8", crossorigin: "*" },
  );
}
