import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { consentServicesLoadedBy } from "./consent-services-later.ts";

async function settle(): Promise<void> {
  for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe("consent services fetched after the start", () => {
  const calls: string[] = [];
  const services = {
    startConsentServices: () => void calls.push("start"),
    recordNavigation: (path: string) => void calls.push(`navigation ${path}`),
  };

  beforeEach(() => {
    calls.length = 0;
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  test("calls made before the chunk arrives run once it has, in the order they were made", async () => {
    let arrive: (loaded: typeof services) => void = () => {};
    const load = vi.fn(() => new Promise<typeof services>((resolve) => (arrive = resolve)));
    const later = consentServicesLoadedBy(load);
    later.recordNavigation("/pricing");
    later.startConsentServices();
    later.recordNavigation("/faqs");
    await settle();
    expect(calls).toEqual([]);
    arrive(services);
    await settle();
    expect(calls).toEqual(["navigation /pricing", "start", "navigation /faqs"]);
    expect(load).toHaveBeenCalledOnce();
  });

  test("a chunk that failed to load is asked for again by the next call", async () => {
    const load = vi
      .fn<() => Promise<typeof services>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(services);
    const later = consentServicesLoadedBy(load);
    later.startConsentServices();
    await settle();
    expect(calls).toEqual([]);
    expect(console.warn).toHaveBeenCalledOnce();
    later.startConsentServices();
    await settle();
    expect(calls).toEqual(["start"]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
