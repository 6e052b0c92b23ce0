import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders the prerendered landing page (the build's server render, and the
 * browser's hydration of it), true afterwards and on every page rendered in the browser only.
 * Parts that load lazily render their placeholder until then: a lazy component suspending in
 * the server render made React throw the whole boundary away on hydration (error 419).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
