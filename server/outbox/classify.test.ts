import { expect, test } from "vitest";
import { classifySendError, describeSendError } from "./classify.ts";

test.each([
  [{ code: "EENVELOPE", responseCode: 550, command: "RCPT TO" }, "permanent"],
  [{ code: "EENVELOPE", responseCode: 553, command: "RCPT TO" }, "permanent"],
  [{ code: "EMESSAGE", responseCode: 554, command: "DATA" }, "permanent"],
  [{ code: "EMESSAGE", responseCode: 552, command: "DATA END" }, "permanent"],
  [{ code: "EENVELOPE", command: "API" }, "permanent"],
  [{ code: "EENVELOPE", responseCode: 450, command: "RCPT TO" }, "transient"],
  [{ code: "EMESSAGE", responseCode: 451, command: "DATA" }, "transient"],
  [{ code: "EAUTH", responseCode: 535, command: "AUTH PLAIN" }, "transient"],
  [{ code: "EENVELOPE", responseCode: 550, command: "MAIL FROM" }, "transient"],
  [{ code: "ECONNECTION", command: "CONN" }, "transient"],
  [{ code: "ETIMEDOUT", command: "CONN" }, "transient"],
  [{ code: "ESOCKET" }, "transient"],
  [{ code: "EDNS" }, "transient"],
  [{ responseCode: 421, command: "CONN" }, "transient"],
  [{}, "transient"],
  [{ responseCode: "550", command: "RCPT TO" }, "transient"],
])("%j is %s", (error, kind) => {
  expect(classifySendError(error)).toBe(kind);
});

test.each([
  [{ code: "EENVELOPE", responseCode: 550, command: "RCPT TO" }, "EENVELOPE 550 RCPT TO"],
  [{ code: "ECONNECTION" }, "ECONNECTION"],
  [{}, "ERROR"],
  [{ code: 42, command: "DATA" }, "ERROR DATA"],
])("%j is described as %s", (error, text) => {
  expect(describeSendError(error)).toBe(text);
});
