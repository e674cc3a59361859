import { CloudOff, RotateCw } from 'lucide-react';
import {
  Component,
  createElement,
  lazy,
  startTransition,
  type ComponentProps,
  type ComponentType,
  Suspense,
  type ReactNode,
  useEffect,
  useState,
} from 'react';
import { cn } from '../../lib/cn.ts';
import { resolvedNow } from '../../lib/resolved-now.ts';
import { Button } from './button.tsx';

/** A part of the app whose code or styles did not arrive. */
export class PartNotLoaded extends Error {
  constructor(cause: unknown) {
    super('A part of the app did not load', { cause });
    this.name = 'PartNotLoaded';
  }
}

/** Retries asked for so far: a part that failed before the latest one is attempted afresh. */
let retries = 0;

/** A lazily loaded part, and what lets a screen wait for its code without a fallback. */
export interface LazyPart<P> {
  (props: P): ReactNode;
  /** Asks for the part's code; settles (never rejects) once it is in or has failed. */
  preload: () => Promise<void>;
  /** Whether the part's code is in: it then renders at once. */
  isLoaded: () => boolean;
}

/**
 * A part of the app loaded when first shown (React.lazy), that a LazyBoundary can ask for again:
 * React keeps a lazy part's failure for good, so after a retry the part gets a fresh attempt.
 * Once its code is in, it renders in the same render instead of suspending: React waits 300 ms
 * after a boundary's fallback before revealing what it was waiting for, which a screen that
 * preloads the part (usePartLoaded) never pays (docs/decisions/051-light-map-home.md).
 */
// As React.lazy's own type: any component, whatever its props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPart<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyPart<ComponentProps<T>> {
  let failedAt: number | null = null;
  let loaded: { default: T } | null = null;
  const fetchCode = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  const attempt = () =>
    lazy(() =>
      loaded
        ? resolvedNow(loaded)
        : fetchCode().catch((error: unknown) => {
            failedAt = retries;
            throw new PartNotLoaded(error);
          }),
    );
  let current = attempt();
  function LazyPart(props: ComponentProps<T>) {
    if (failedAt !== null && failedAt < retries) {
      failedAt = null;
      current = attempt();
    }
    return createElement(current, props);
  }
  LazyPart.preload = () =>
    fetchCode().then(
      () => undefined,
      () => undefined,
    );
  LazyPart.isLoaded = () => loaded !== null;
  return LazyPart;
}

/**
 * Whether `part` can render without suspending: its code is in, or asking for it has failed
 * (the part then throws to its boundary, which says so). Asks for it while `wanted`.
 */
export function usePartLoaded(part: LazyPart<never>, wanted: boolean): boolean {
  const [settled, setSettled] = useState(part.isLoaded);
  useEffect(() => {
    if (!wanted || settled) return;
    let live = true;
    // A transition: the screen the part completes renders in slices between the browser's
    // frames, not as one long task (docs/decisions/051-light-map-home.md).
    void part.preload().then(() => {
      if (live) startTransition(() => setSettled(true));
    });
    return () => {
      live = false;
    };
  }, [part, wanted, settled]);
  return settled || part.isLoaded();
}

/** What a boundary hands its fallback. */
export interface Missing {
  /** The browser is offline: the part was never kept on this device. */
  offline: boolean;
  retrying: boolean;
  retry: () => void;
}

export function missingWords(offline: boolean): { title: string; text: string } {
  return offline
    ? {
        title: 'Not on this device yet',
        text: "This part of the app isn't on this device yet — connect once to load it. It loads by itself when you're back online.",
      }
    : {
        title: "This part didn't load",
        text: "Part of the app didn't arrive. Check your connection and try again.",
      };
}

export function RetryButton({ retrying, retry, className }: Missing & { className?: string }) {
  return (
    <Button size="sm" onClick={retry} disabled={retrying} className={className}>
      <RotateCw aria-hidden className={cn(retrying && 'animate-spin motion-reduce:animate-none')} />
      {retrying ? 'Trying…' : 'Try again'}
    </Button>
  );
}

/** The card in a missing part's place: what is missing, and a retry. */
export function MissingPart({ className, ...missing }: Missing & { className?: string }) {
  const { title, text } = missingWords(missing.offline);
  return (
    <div
      role="alert"
      className={cn(
        'grid justify-items-start gap-2 rounded-2xl border border-neon-amber/40 bg-brick p-4 text-sm',
        className,
      )}
    >
      <p className="flex items-center gap-2 font-bold text-chalk">
        <CloudOff className="size-5 shrink-0 text-neon-amber" aria-hidden />
        {title}
      </p>
      <p className="text-smoke">{text}</p>
      <RetryButton {...missing} className="mt-1" />
    </div>
  );
}

/**
 * One of our stylesheets that failed to load: it is left in place with no rules to read (the
 * browser guards a failed sheet as it does another origin's). Only our own load on demand.
 */
function failedSheet(link: HTMLLinkElement): boolean {
  if (new URL(link.href).origin !== window.location.origin) return false;
  try {
    return !link.sheet || link.sheet.cssRules.length === 0;
  } catch {
    return true;
  }
}

/**
 * Styles that failed to load stay failed: Vite's loader never asks for a stylesheet twice.
 * Each one is asked for again; resolves whether they all arrived.
 */
async function reloadFailedStylesheets(): Promise<boolean> {
  const failed = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    failedSheet,
  );
  const arrived = await Promise.all(
    failed.map(
      (link) =>
        new Promise<boolean>((resolve) => {
          const again = link.cloneNode() as HTMLLinkElement;
          again.addEventListener('load', () => {
            link.remove();
            resolve(true);
          });
          again.addEventListener('error', () => {
            again.remove();
            resolve(false);
          });
          link.after(again);
        }),
    ),
  );
  return arrived.every(Boolean);
}

interface Props {
  children: ReactNode;
  /** Shown while the part's code is on its way. */
  loading?: ReactNode;
  /** What stands in for a part that did not load; by default a card in its place. */
  fallback?: (missing: Missing) => ReactNode;
  /** A new value clears a failure (a route's path: another screen may well load). */
  resetKey?: unknown;
}

/**
 * Around lazily loaded parts: while one loads, `loading`; when its code cannot arrive (offline
 * before the device kept it), says so with a retry, and tries again by itself once the browser
 * is back online. The rest of the app stays as it was. Other errors are not its business: they
 * go on to the boundary above.
 */
export class LazyBoundary extends Component<Props, { error: unknown; retrying: boolean }> {
  state = { error: null as unknown, retrying: false };
  #mounted = false;

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidMount() {
    this.#mounted = true;
    window.addEventListener('online', this.retry);
    window.addEventListener('offline', this.#update);
  }

  componentWillUnmount() {
    this.#mounted = false;
    window.removeEventListener('online', this.retry);
    window.removeEventListener('offline', this.#update);
  }

  componentDidUpdate(prev: Props) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.#clear();
  }

  #clear() {
    retries += 1;
    this.setState({ error: null, retrying: false });
  }

  // Its words say whether the device is offline.
  #update = () => {
    if (this.state.error) this.forceUpdate();
  };

  retry = () => {
    if (!this.state.error || this.state.retrying) return;
    this.setState({ retrying: true });
    void reloadFailedStylesheets().then((styled) => {
      if (!this.#mounted) return;
      if (styled) this.#clear();
      else this.setState({ retrying: false });
    });
  };

  render() {
    const { error, retrying } = this.state;
    const { children, loading = null, fallback } = this.props;
    if (!error) return <Suspense fallback={loading}>{children}</Suspense>;
    if (!(error instanceof PartNotLoaded)) throw error;
    const missing = { offline: !navigator.onLine, retrying, retry: this.retry };
    return fallback ? fallback(missing) : <MissingPart {...missing} />;
  }
}
