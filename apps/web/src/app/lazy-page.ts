import { lazy, type ComponentType } from 'react';

/** Each page is its own chunk: a member downloads only the screens they open. */
export function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
