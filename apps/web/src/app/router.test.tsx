import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { routes } from './router';

/** Every route of the spec (section 3), each a real screen: none falls to the catch-all. */
const SPEC_ROUTES = [
  '/login',
  '/register',
  '/forgot',
  '/reset',
  '/',
  '/films',
  '/films/7',
  '/category',
  '/moments',
  '/moments/create',
  '/moments/create-text',
  '/invite',
  '/about',
  '/bonus',
  '/tutorial',
  '/message',
  '/message/3',
  '/challenge',
  '/progress',
  '/wallet',
  '/mine',
  '/mine/edit',
  '/mine/message',
  '/mine/recharge',
  '/mine/recharge-code',
  '/mine/recharge-card',
  '/mine/record',
  '/mine/team',
  '/mine/subscribe',
  '/mine/transfer',
  '/mine/verified',
  '/mine/safety',
  '/mine/safety/phone',
  '/mine/safety/password',
  '/mine/safety/mail',
  '/mine/safety/transpass',
  '/mine/management',
  '/mine/management/add',
  '/mine/funding',
  '/mine/recharge-records',
  '/mine/withdrawal-history',
  '/mine/withdrawal-method',
  '/mine/withdrawal',
  '/mine/about',
];

describe('router', () => {
  it.each(SPEC_ROUTES)('%s has a screen of its own', (path) => {
    const matched = matchRoutes(routes, path);
    expect(matched).not.toBeNull();
    expect(matched!.at(-1)!.route.path).not.toBe('*');
  });
});
