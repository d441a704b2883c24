import path from "node:path";
import { expect, test } from "vitest";
import { loadApiConfig } from "./api-config.ts";
import { StartupError } from "./startup-error.ts";

test("defaults: SQLite in ./data, .eml files, SEC-3 limits, production retries", () => {
  expect(loadApiConfig({}, "/srv/site")).toEqual({
    dataDir: path.resolve("/srv/site/data"),
    databaseUrl: null,
    smtpUrl: null,
    mailFrom: "hello@beyondbudget.app",
    partnerNotifyTo: "partners@beyondbudget.app",
    publicOrigin: "https://www.beyondbudget.app",
    limits: {
      perTenMinutes: 5,
      perDay: 20,
      maxClients: 50_000,
      recipientDays: 30,
      referralMailPerHour: 200,
      duplicateWindowS: 600,
      vitalsPerTenMinutes: 60,
      vitalsPerDay: 300,
    },
    retrySchedule: "production",
    instanceId: null,
    retentionDays: null,
    recipientKeySecret: null,
  });
});

test("reads every variable", () => {
  const env = {
    DATA_DIR: "/var/lib/beyond",
    DATABASE_URL: "postgres://beyond@db/beyond",
    SMTP_URL: "smtps://user:secret@mail.example:465",
    MAIL_FROM: "team@example.com",
    PARTNER_NOTIFY_TO: "partners@example.com",
    PUBLIC_ORIGIN: "https://example.com",
    RATE_LIMIT_PER_10_MIN: "10",
    RATE_LIMIT_PER_DAY: "40",
    RATE_LIMIT_MAX_CLIENTS: "1000",
    REFERRAL_RECIPIENT_DAYS: "7",
    REFERRAL_MAIL_PER_HOUR: "50",
    DUPLICATE_WINDOW_S: "60",
    VITALS_RATE_LIMIT_PER_10_MIN: "120",
    VITALS_RATE_LIMIT_PER_DAY: "1000",
    OUTBOX_RETRY_SCHEDULE: "fast",
    INSTANCE_ID: "api-2",
    RETENTION_DAYS: "365",
    RECIPIENT_KEY_SECRET: " a secret of forty characters, no less.. ",
  };
  expect(loadApiConfig(env, "/srv/site")).toEqual({
    dataDir: "/var/lib/beyond",
    databaseUrl: "postgres://beyond@db/beyond",
    smtpUrl: "smtps://user:secret@mail.example:465",
    mailFrom: "team@example.com",
    partnerNotifyTo: "partners@example.com",
    publicOrigin: "https://example.com",
    limits: {
      perTenMinutes: 10,
      perDay: 40,
      maxClients: 1000,
      recipientDays: 7,
      referralMailPerHour: 50,
      duplicateWindowS: 60,
      vitalsPerTenMinutes: 120,
      vitalsPerDay: 1000,
    },
    retrySchedule: "fast",
    instanceId: "api-2",
    retentionDays: 365,
    recipientKeySecret: "a secret of forty characters, no less..",
  });
});

test.each([
  [{ RATE_LIMIT_PER_10_MIN: "0" }, /RATE_LIMIT_PER_10_MIN/],
  [{ RATE_LIMIT_PER_DAY: "ten" }, /RATE_LIMIT_PER_DAY/],
  [{ VITALS_RATE_LIMIT_PER_10_MIN: "-1" }, /VITALS_RATE_LIMIT_PER_10_MIN/],
  [{ REFERRAL_MAIL_PER_HOUR: "1.5" }, /REFERRAL_MAIL_PER_HOUR/],
  [{ MAIL_FROM: "Beyond <hello@example.com>" }, /MAIL_FROM/],
  [{ PARTNER_NOTIFY_TO: "a@example.com,b@example.com" }, /PARTNER_NOTIFY_TO/],
  [{ SMTP_URL: "http://mail.example" }, /SMTP_URL/],
  [{ PUBLIC_ORIGIN: "https://example.com/path" }, /PUBLIC_ORIGIN/],
  [{ OUTBOX_RETRY_SCHEDULE: "slow" }, /OUTBOX_RETRY_SCHEDULE/],
  [{ RETENTION_DAYS: "0" }, /RETENTION_DAYS/],
  [{ RETENTION_DAYS: "two years" }, /RETENTION_DAYS/],
])("refuses %j with a StartupError", (env, message) => {
  expect(() => loadApiConfig(env)).toThrow(StartupError);
  expect(() => loadApiConfig(env)).toThrow(message);
});

test("an invalid SMTP_URL is reported without echoing it (it may hold a password)", () => {
  expect(() => loadApiConfig({ SMTP_URL: "smtp://user:hunter2@[bad" })).toThrow(
    expect.objectContaining({ message: expect.not.stringContaining("hunter2") }),
  );
});
