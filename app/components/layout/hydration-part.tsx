import { type ReactNode, Suspense, useEffect, useLayoutEffect, useRef } from "react";
import { partHydrated, partPending } from "../../browser/early-actions.ts";

/**
 * A part of the page that hydrates as a Suspense boundary of its own (decision record 0012):
 * after the shell has committed, in its own render and commit, so that no single task holds
 * the whole page's effects. A tap inside a part not yet hydrated makes React hydrate it at
 * once and replays the tap; taps made before the app started wait for every part.
 */
export function HydrationPart({ children }: { children: ReactNode }) {
  const counted = useRef(false);
  useLayoutEffect(() => {
    if (counted.current) return;
    counted.current = true;
    partPending();
  }, []);
  return (
    <Suspense>
      <PartHydrated />
      {children}
    </Suspense>
  );
}

function PartHydrated() {
  useEffect(() => partHydrated(), []);
  return null;
}
