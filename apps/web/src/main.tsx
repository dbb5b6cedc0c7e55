import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './lib/i18n';
// Listens for the browser's install offer from the first moment (it may fire before any screen).
import './lib/install';
import './styles/global.css';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The first screen renders with its words, never with bare keys. As a
// transition: React renders it in slices of a few milliseconds with the
// browser let in between, not as one long task that blocks a phone's slower
// core (issue 41, total blocking time).
void i18nReady.then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});

// The offline shell and update prompt (sw/sw.ts) in production builds; after
// the first screen, so the worker's precache never competes with it.
if (import.meta.env.PROD) {
  window.addEventListener(
    'load',
    () => void import('./lib/pwa-worker').then((worker) => worker.registerServiceWorker()),
  );
}
