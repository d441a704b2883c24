import { describe, expect, test } from "vitest";
import { buildSettingsNote } from "./build-settings.ts";

describe("the build settings the results name", () => {
  test("a build with every setting says every part is measured, and which vendors it names", () => {
    const note = buildSettingsNote({ vendors: ["amplitude", "chat"], unset: [] });
    expect(note).toContain("every optional setting set");
    expect(note).toContain("amplitude, chat");
  });

  test("a bare build names each setting left unset, and how to set them all", () => {
    const note = buildSettingsNote({
      vendors: [],
      unset: [
        "CHAT_PROPERTY_ID is not set: no live chat (the chat bubble is not shown)",
        "VIDEO_TOUR_ID is not set: the landing page has no video section",
      ],
    });
    expect(note).toContain("configured for no vendor");
    expect(note).toContain("CHAT_PROPERTY_ID, VIDEO_TOUR_ID.");
    expect(note).toContain("SITE_CONFIG_FILE=.env.test npm run build");
  });
});
