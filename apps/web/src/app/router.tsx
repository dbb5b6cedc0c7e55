import { useRoutes, type RouteObject } from 'react-router-dom';
import { loadMemberStrings } from '../lib/i18n';
import { GuestOnly, RequireAuth } from './guards';
import { page } from './lazy-page';
import { ScreenSlot } from './layouts/screen-slot';
import { PublicLayout } from './layouts/public-layout';

const LoginPage = page(() => import('../features/auth/login-page'), 'LoginPage');
const RegisterPage = page(() => import('../features/auth/register-page'), 'RegisterPage');
const ForgotPage = page(() => import('../features/auth/forgot-page'), 'ForgotPage');
const ResetPage = page(() => import('../features/auth/reset-page'), 'ResetPage');
const SupportPage = page(() => import('../features/auth/support-page'), 'SupportPage');
// Public, but its words are in the member part (vite.config.ts): it brings them.
const TransparencyPage = page(async () => {
  const [transparency] = await Promise.all([
    import('../features/transparency/transparency-page'),
    loadMemberStrings(),
  ]);
  return transparency;
}, 'TransparencyPage');
// The signed-in screens, their layout and their table (signed-in-routes.tsx)
// are a chunk of their own, which comes with their words: /login downloads
// neither.
const SignedInRoutes = page(async () => {
  const [routes] = await Promise.all([import('./signed-in-routes'), loadMemberStrings()]);
  return routes;
}, 'SignedInRoutes');

/**
 * The signed-out pages and the public /transparency, then everything else for
 * members only: an anonymous visitor of any other path goes to /login, a
 * member of an unknown one to /.
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      {
        path: '/login',
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      {
        path: '/register',
        element: (
          <GuestOnly>
            <RegisterPage />
          </GuestOnly>
        ),
      },
      { path: '/forgot', element: <ForgotPage /> },
      { path: '/reset', element: <ResetPage /> },
      // Signed in or out: the way to a person that needs no setting.
      { path: '/support', element: <SupportPage /> },
      // The club's money in public: members and visitors alike, signed in or not.
      { path: '/transparency', element: <TransparencyPage /> },
    ],
  },
  {
    path: '*',
    element: (
      <RequireAuth>
        <ScreenSlot>
          <SignedInRoutes />
        </ScreenSlot>
      </RequireAuth>
    ),
  },
];

/**
 * The routes in a plain <BrowserRouter>: the app uses no loaders or actions,
 * and leaving out the data router keeps ~10 KB gzip off the first screen.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
