import { useEffect, useState } from "react";

/**
 * The current time, known only after hydration: prerendered HTML must not depend on the
 * build's clock, so time-dependent UI (offers) appears once the page is live.
 */
export function useNow(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => setNow(new Date()), []);
  return now;
}
