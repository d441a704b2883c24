import { describe, expect, it } from "vitest";
import { identifierBreaks } from "./identifier-breaks.ts";

describe("identifierBreaks", () => {
  it("breaks after each underscore", () => {
    expect(identifierBreaks("AMP_unsent_1111111111")).toEqual(["AMP_", "unsent_", "1111111111"]);
    expect(identifierBreaks("twk_uuid_0001")).toEqual(["twk_", "uuid_", "0001"]);
  });

  it("breaks before a capital that starts a word", () => {
    expect(identifierBreaks("TawkConnectionTime")).toEqual(["Tawk", "Connection", "Time"]);
    expect(identifierBreaks("referrerCode")).toEqual(["referrer", "Code"]);
  });

  it("keeps a run of capitals, a leading underscore and a short name whole", () => {
    expect(identifierBreaks("AMP_MKTG_1111111111")).toEqual(["AMP_", "MKTG_", "1111111111"]);
    expect(identifierBreaks("_gcl_au")).toEqual(["_gcl_", "au"]);
    expect(identifierBreaks("__ab")).toEqual(["__ab"]);
    expect(identifierBreaks("lang")).toEqual(["lang"]);
  });

  it("loses no character", () => {
    for (const name of ["AMP_unsent_1111111111", "TawkConnectionTime", "_gcl_au", "a__b_"]) {
      expect(identifierBreaks(name).join("")).toBe(name);
    }
  });
});
