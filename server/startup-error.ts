/**
 * A configuration or build problem that should stop the process with a readable message.
 * Its own module so that every configuration reader can throw it without importing another
 * (config.ts reads api-config.ts, never the other way round).
 */
export class StartupError extends Error {
  override name = "StartupError";
}
