import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { routes } from './router';
import { signedInRoutes } from './signed-in-routes';
import { SPEC_ROUTES } from './spec-routes';

/** The route that renders a path: a signed-out page, else the signed-in table's. */
function screenOf(path: string) {
  const outer = matchRoutes(routes, path)?.at(-1)?.route;
  if (outer?.path !== '*') return outer;
  return matchRoutes(signedInRoutes, path)?.at(-1)?.route;
}

describe('router', () => {
  it.each(SPEC_ROUTES)('%s has a screen of its own', (path) => {
    const route = screenOf(path);
    expect(route).toBeDefined();
    expect(route!.path).not.toBe('*');
  });

  it('sends unknown paths to the catch-all', () => {
    expect(screenOf('/no-such-screen')!.path).toBe('*');
  });
});
