import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export, so pages keep named exports and still split into their own chunk. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
