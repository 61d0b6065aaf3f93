/** Amplify's Hub "auth" events, passed on once Amplify has loaded, so listeners need not load it. */
type Listener = (event: string) => void;

const listeners = new Set<Listener>();

export function onAuthEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitAuthEvent(event: string): void {
  for (const listener of listeners) listener(event);
}
