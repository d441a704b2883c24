import { afterEach, expect, test, vi } from "vitest";

const laterPart = vi.fn(() => () => null);

vi.mock("./hydration-part.tsx", () => ({ laterPart }));

afterEach(() => {
  vi.resetModules();
  vi.doUnmock("../../lib/site-deployment.ts");
  laterPart.mockClear();
});

async function chatBubbleWith(chat: unknown) {
  vi.doMock("../../lib/site-deployment.ts", () => ({
    DEPLOYMENT: { analytics: {}, videos: {}, chat },
  }));
  return (await import("./chat-bubble-after-start.tsx")).ChatBubble;
}

test("a build with chat defines the bubble as a later part, which asks for its code", async () => {
  await chatBubbleWith({ propertyId: "p", widgetId: "w" });
  expect(laterPart).toHaveBeenCalledTimes(1);
});

test("a build without chat asks for no bubble code and renders nothing", async () => {
  const ChatBubble = await chatBubbleWith(undefined);
  expect(laterPart).not.toHaveBeenCalled();
  expect(ChatBubble({})).toBeNull();
});
