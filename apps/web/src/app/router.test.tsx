import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { routes } from './router';
import { SPEC_ROUTES } from './spec-routes';

describe('router', () => {
  it.each(SPEC_ROUTES)('%s has a screen of its own', (path) => {
    const matched = matchRoutes(routes, path);
    expect(matched).not.toBeNull();
    expect(matched!.at(-1)!.route.path).not.toBe('*');
  });
});
