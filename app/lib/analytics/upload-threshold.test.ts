import { expect, test, vi } from "vitest";
import { createUploadThreshold } from "./upload-threshold.ts";

test("flushes when the threshold of waiting events is reached, not before", () => {
  const flush = vi.fn();
  const threshold = createUploadThreshold(30, flush);
  for (let i = 0; i < 29; i += 1) threshold.track();
  expect(flush).not.toHaveBeenCalled();
  threshold.track();
  expect(flush).toHaveBeenCalledTimes(1);
  expect(threshold.pending).toBe(0);
});

test("events uploaded by the timer no longer count towards the threshold", () => {
  const flush = vi.fn();
  const threshold = createUploadThreshold(30, flush);
  for (let i = 0; i < 20; i += 1) threshold.track();
  threshold.sent(20);
  for (let i = 0; i < 29; i += 1) threshold.track();
  expect(flush).not.toHaveBeenCalled();
  threshold.sent(100);
  expect(threshold.pending).toBe(0);
});
