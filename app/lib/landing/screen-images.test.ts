import { expect, test } from "vitest";
import {
  heightAt,
  PHONE_SIZES,
  POSTER_SIZE,
  phoneCropName,
  SCREEN_NAMES,
  SCREEN_SIZE,
} from "./screen-images.ts";

test("heights follow each image's own shape", () => {
  expect(heightAt(1666, SCREEN_SIZE)).toBe(1041);
  expect(heightAt(1280, POSTER_SIZE)).toBe(720);
  expect(heightAt(760, { width: 380, height: 480 })).toBe(960);
});

test("the poster has the video frame's 16:9, so it fills the frame without being cut", () => {
  expect(POSTER_SIZE.width / POSTER_SIZE.height).toBeCloseTo(16 / 9, 3);
});

test("every screen's phone image keeps the mock-ups' 12 px text at 10.5 px or more on a 375 px phone", () => {
  // The image spans the container: 95vw - 1rem, 340 px at 375 px, less the frame's borders.
  const column = 375 * 0.95 - 16 - 2;
  for (const screen of SCREEN_NAMES) {
    expect((12 * column) / PHONE_SIZES[screen].width, screen).toBeGreaterThanOrEqual(10.5);
  }
});

test("phone images are named after their screen", () => {
  expect(phoneCropName("rules")).toBe("rules-phone");
});
