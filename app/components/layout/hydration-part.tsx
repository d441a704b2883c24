import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  use,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { partHydrated, partPending, wholePageHydrated } from "../../browser/early-actions.ts";
import { LATER_PART_ATTRIBUTE } from "../../lib/early-actions/capture-script.ts";

/**
 * A part of the page that hydrates as a Suspense boundary of its own (decision record 0012):
 * after the shell has committed, in its own render and commit, so that no single task holds
 * the whole page's effects. A tap inside a part not yet hydrated makes React hydrate it at
 * once and replays the tap; taps made before the app started wait for every part.
 */
export function HydrationPart({
  children,
  laterPartElement,
}: {
  children: ReactNode;
  /** For a LaterPart: its element, which the capture script is told is live once hydrated. */
  laterPartElement?: () => Element | null;
}) {
  const counted = useRef(false);
  useLayoutEffect(() => {
    if (counted.current) return;
    counted.current = true;
    partPending();
  }, []);
  return (
    <Suspense>
      <PartHydrated laterPartElement={laterPartElement} />
      {children}
    </Suspense>
  );
}

function PartHydrated({ laterPartElement }: { laterPartElement?: () => Element | null }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the part has hydrated
  useEffect(() => partHydrated(laterPartElement?.()), []);
  return null;
}

/**
 * A part of the page whose code is not in the first load (decision record 0012): its
 * prerendered HTML stays as it is until the code has arrived after the start, then it
 * hydrates. React drops a tap on a part it cannot hydrate yet, so the capture script keeps
 * taps inside the marked element until the part is live, and they are replayed then.
 * `display: contents` keeps the element out of the layout.
 */
function LaterPart({
  children,
  load,
}: {
  children: ReactNode;
  /** The part's code: when it cannot be had, the part never hydrates. */
  load: () => Promise<unknown>;
}) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let mounted = true;
    // Each instance counts itself done, so that the taps kept elsewhere on the page are
    // carried out (React calls a lazy component's factory once per type, not per instance).
    load().catch(() => {
      if (mounted) partHydrated();
    });
    return () => {
      mounted = false;
    };
  }, [load]);
  return (
    <div className="later-part" {...{ [LATER_PART_ATTRIBUTE]: "" }} ref={element}>
      <HydrationPart laterPartElement={() => element.current}>{children}</HydrationPart>
    </div>
  );
}

const LATER_PART_RETRY_MS = 1000;

/** What a part waits on when its code could not be had: a promise that never settles. */
const never = () => new Promise<never>(() => undefined);

/**
 * A component that comes in a chunk of its own after the start, as a LaterPart. In the
 * browser the chunk is requested as soon as this is called, when the module that calls it
 * runs (a page's route module, evaluated just before hydration), so that it is under way
 * while the rest of the page hydrates; on the server it loads when first rendered.
 *
 * Hydration leaves the part's prerendered HTML in place until the code is in. A part first
 * rendered after the opened page has hydrated whole (a client navigation to the page) waits
 * for the code above its own boundary instead: React Router navigates in a transition, which
 * keeps the previous page on screen until the new one is whole, so the page never shows
 * without its later sections and then with them. Once the code is in, the part renders it
 * directly.
 *
 * A load that fails is tried once more. When that fails too, a part being hydrated keeps
 * its prerendered HTML (its links still work; taps on its buttons are lost) rather than
 * turn the page into an error page, and stops holding back the replay of the page's other
 * early taps; a part mounted by a navigation loads the page afresh, as React Router does
 * when a route's own module fails. In the prerender, the failure fails the build.
 */
export function laterPart<Props>(
  load: () => Promise<(props: Props) => ReactNode>,
): (props: NonNullable<Props>) => ReactNode {
  let loaded: ComponentType<object> | undefined;
  let loading: Promise<{ default: ComponentType<object> }> | undefined;
  const start = () => {
    // One more try after a dropped connection.
    loading ??= load()
      .catch(() => new Promise((retry) => setTimeout(retry, LATER_PART_RETRY_MS)).then(load))
      .then((component) => {
        loaded = component as ComponentType<object>;
        return { default: loaded };
      });
    return loading;
  };
  const inBrowser = typeof document !== "undefined";
  if (inBrowser) start().catch(() => undefined);
  // A part whose code cannot be had stays suspended: its prerendered HTML stays.
  const Lazy = lazy(() => (inBrowser ? start().catch(never) : start()));
  let navigationLoad: Promise<unknown> | undefined;
  const loadForNavigation = () => {
    navigationLoad ??= start().catch(() => {
      window.location.reload();
      return never();
    });
    return navigationLoad;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once per part at module level, never during a render
  return function Later(props: NonNullable<Props>) {
    // A part that hydrates must not wait above its own boundary, which would leave the
    // page's part around it dehydrated until the code is in; a part mounted later waits
    // while the code is on its way. Once a part has waited, it calls `use` on every render
    // (React requires the same calls on the render after a suspension), and React, which
    // has seen the promise settle, returns at once.
    const waited = navigationLoad !== undefined;
    if (inBrowser && wholePageHydrated() && (loaded === undefined || waited)) {
      use(loadForNavigation());
    }
    // Fixed for the part's life: a part that switched type would be mounted anew.
    const [Component] = useState<ComponentType<object>>(() => loaded ?? Lazy);
    return (
      <LaterPart load={start}>
        <Component {...(props as object)} />
      </LaterPart>
    );
  };
}

/**
 * The named exports of a module that comes after the start, each as a later part
 * (`laterPart`), all sharing the module's one chunk: `laterPartsOf(() => import("./x.ts"))`
 * gives a function from an export's name to its part.
 */
export function laterPartsOf<Module>(loadModule: () => Promise<Module>) {
  return <Name extends keyof Module>(name: Name) => {
    type Props = Module[Name] extends (props: infer P) => ReactNode ? P : never;
    // TypeScript does not narrow an export picked by a generic name to its own props.
    return laterPart<Props>(async () => (await loadModule())[name] as (props: Props) => ReactNode);
  };
}
