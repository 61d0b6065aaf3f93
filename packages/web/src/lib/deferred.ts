import { useDeferredValue, useMemo } from "react";

/**
 * `fields` through `useDeferredValue`, as one object: a change to any field reaches the page in a transition render
 * (time-sliced, and interrupted by input), every field at once, so what renders from them stays consistent. The
 * object keeps its identity while every field keeps its own, so a render that changes none of them (state typed on
 * the page) costs no second, deferred render.
 */
export function useDeferredFields<T extends Record<string, unknown>>(fields: T): T {
  // The same keys in the same order on every render: the dependency list is as long each time.
  const stable = useMemo(() => fields, Object.values(fields));
  return useDeferredValue(stable);
}
