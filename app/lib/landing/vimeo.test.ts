import { describe, expect, test } from "vitest";
import {
  formatDuration,
  thumbnailFromApi,
  thumbnailUrls,
  vimeoApiUrl,
  vimeoPageUrl,
  vimeoPlayerUrl,
} from "./vimeo.ts";

test("the API URL names the video id", () => {
  expect(vimeoApiUrl("392580207")).toBe("https://vimeo.com/api/v2/video/392580207.json");
  expect(vimeoApiUrl("a/b")).toBe("https://vimeo.com/api/v2/video/a%2Fb.json");
});

describe("thumbnailFromApi reads the first item's thumbnail_large", () => {
  test.each([
    [
      [{ thumbnail_large: "https://i.vimeocdn.com/video/8563_640" }],
      "https://i.vimeocdn.com/video/8563_640",
    ],
    [
      [
        { thumbnail_large: "https://i.vimeocdn.com/video/1_640" },
        { thumbnail_large: "https://i.vimeocdn.com/video/2_640" },
      ],
      "https://i.vimeocdn.com/video/1_640",
    ],
    [[], null],
    [{}, null],
    [null, null],
    ["text", null],
    [[null], null],
    [[{ thumbnail_large: 42 }], null],
    [[{ thumbnail_medium: "https://i.vimeocdn.com/video/1_200" }], null],
    [[{ thumbnail_large: "http://i.vimeocdn.com/video/1_640" }], null],
    [[{ thumbnail_large: "https://evil.example/video/1_640" }], null],
    [[{ thumbnail_large: "not a url" }], null],
  ])("%j gives %s", (answer, expected) => {
    expect(thumbnailFromApi(answer)).toBe(expected);
  });
});

describe("thumbnailUrls asks for 1100x619 WebP and JPEG at quality 70", () => {
  test.each([
    ["https://i.vimeocdn.com/video/856323_640", "https://i.vimeocdn.com/video/856323"],
    ["https://i.vimeocdn.com/video/856323_640.jpg", "https://i.vimeocdn.com/video/856323"],
    [
      "https://i.vimeocdn.com/video/856323_640x360.webp?r=pad",
      "https://i.vimeocdn.com/video/856323",
    ],
    ["https://i.vimeocdn.com/video/856323-d_640", "https://i.vimeocdn.com/video/856323-d"],
    ["https://i.vimeocdn.com/video/856323", "https://i.vimeocdn.com/video/856323"],
  ])("%s", (input, stem) => {
    expect(thumbnailUrls(input)).toEqual({
      webp: `${stem}_1100x619.webp?q=70`,
      jpg: `${stem}_1100x619.jpg?q=70`,
    });
  });

  test("size and quality can be chosen", () => {
    expect(thumbnailUrls("https://i.vimeocdn.com/video/1_640", 640, 360, 50).webp).toBe(
      "https://i.vimeocdn.com/video/1_640x360.webp?q=50",
    );
  });
});

describe("vimeoPlayerUrl autoplays from the start time, with do-not-track", () => {
  test.each([
    [0, "#t=0s"],
    [12, "#t=12s"],
    [12.9, "#t=12s"],
    [-5, "#t=0s"],
    [Number.NaN, "#t=0s"],
  ])("start %d gives %s", (start, fragment) => {
    expect(vimeoPlayerUrl("392580207", start)).toBe(
      `https://player.vimeo.com/video/392580207?autoplay=1&dnt=1${fragment}`,
    );
  });

  test("start defaults to 0", () => {
    expect(vimeoPlayerUrl("1")).toBe("https://player.vimeo.com/video/1?autoplay=1&dnt=1#t=0s");
  });
});

test("vimeoPageUrl is the video's page on the host", () => {
  expect(vimeoPageUrl("392580207")).toBe("https://vimeo.com/392580207");
});

test.each([
  [undefined, null],
  [0, null],
  [Number.NaN, null],
  [59, "0:59"],
  [134.4, "2:14"],
  [600, "10:00"],
  [3725, "1:02:05"],
])("formatDuration(%s) is %s", (seconds, expected) => {
  expect(formatDuration(seconds)).toBe(expected);
});
