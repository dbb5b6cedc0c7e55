/// <reference lib="webworker" />
/**
 * The member app's service worker (built by vite-plugin-pwa's injectManifest
 * from this file; registered by src/lib/pwa.ts in the production build only).
 *
 * - The app shell (index.html, scripts, styles, words, icons) is precached:
 *   a repeat visit starts without the network, and so does an offline one.
 * - The member's own JSON reads of the API go to the network first; the last
 *   answer of each is kept (per member, see src/lib/offline-cache.ts) and is
 *   served when the network fails. The page clears that cache on sign-out.
 * - A new version waits until the member chooses "Reload" (SKIP_WAITING).
 * - Pages hear whether the network answers ({type: 'network', ok}), for the
 *   offline banner.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import {
  API_CACHE,
  cacheKeyFor,
  isCachableApiRequest,
  memberOfAuthorization,
  type WorkerMessage,
} from '../src/lib/offline-cache';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first install controls the open page at once (nothing older is running).
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every client-side route is the app shell; the API and its docs are not routes.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }),
);

async function tell(message: WorkerMessage): Promise<void> {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

const perMember: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) =>
    cacheKeyFor(request.url, memberOfAuthorization(request.headers.get('Authorization'))),
  // Only JSON answers of 200 are worth showing offline.
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && (response.headers.get('Content-Type') ?? '').includes('json')
      ? response
      : null,
  fetchDidFail: async () => tell({ type: 'network', ok: false }),
  fetchDidSucceed: async ({ response }) => {
    await tell({ type: 'network', ok: true });
    return response;
  },
};

registerRoute(
  ({ request, url }) =>
    isCachableApiRequest(request.method, url, request.headers.get('Accept'), self.location.origin),
  new NetworkFirst({
    cacheName: API_CACHE,
    // A network that hangs (not one that fails) gets this long before the last answer is shown.
    networkTimeoutSeconds: 8,
    plugins: [perMember, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * 86_400 })],
  }),
);
