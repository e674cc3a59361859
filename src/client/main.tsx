import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { authKeys } from './api/auth.ts';
import { App } from './app.tsx';
import './lib/offline-state.ts';
import { afterLoadAndIdle } from './lib/after-load.ts';
import { afterNextPaint } from './lib/after-paint.ts';
import { queryClient } from './lib/query-client.ts';
import { warmStart } from './features/map/index.ts';
import './styles.css';

const rootElement = document.getElementById('root')!;
if (rootElement.dataset.landing) {
  // The server found no session and sent the landing page in the page (src/server/http/static.ts):
  // the app starts signed out, so its first screen is that same page, not a skeleton in its
  // place. The auth check still runs and would take a player to their map.
  queryClient.setQueryData(authKeys.user, null);
  void queryClient.invalidateQueries({ queryKey: authKeys.user });
} else warmStart(window.location.pathname);

// A transition lets React yield to the browser while it mounts the first screen, rather than
// holding the main thread for the whole tree in one task (docs/decisions/030).
const mount = () => {
  const root = createRoot(rootElement);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
};
// The app shell in index.html is painted before React replaces it: on a fast load the scripts
// would otherwise run before the first frame and the name would never show
// (docs/decisions/030-light-map-home.md).
afterNextPaint(mount);

// The service worker's code loads once the first screen has settled, so that screen waits for
// none of it (docs/decisions/033). A network lost before then leaves it for the next start.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  afterLoadAndIdle(
    () =>
      void import('./lib/register-worker.ts').then(
        (m) => m.registerWorker(),
        () => undefined,
      ),
  );
}
