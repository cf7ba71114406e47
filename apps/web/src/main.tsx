import './index.css';
import { loadCatalogue, storedLanguage } from './lib/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/preload-route';
import { routes } from './app/routes';
import { getToken } from './lib/session';
import { API_BASE_URL } from './lib/api-config';
import { urlOf } from './lib/api-transport';
import { fetchEarly } from './lib/early-answers';
import { earlyRequestPaths } from './app/early-requests';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition: React renders the first page in slices that yield to the browser, not in one long
// task (Lighthouse's phone counted that task as blocking time: project page ~390 → ~230 ms).
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

// A signed-in page's first reads go out now, while its code loads, instead of once it has rendered
// (and a project's analyses once the project has answered): see lib/early-answers.ts.
const token = getToken();
if (token !== null) {
  const { pathname, search } = window.location;
  fetchEarly(
    earlyRequestPaths(pathname, search).map((path) => urlOf(API_BASE_URL, path)),
    token,
  );
}

// The page's chunks load while its catalogue does, not one after another once it renders, then its
// data goes into the query cache; the first render waits for all of it: the page then appears in
// one commit, with no spinner or skeleton before it.
const pageChunks = preloadRoute(
  routes,
  window.location.pathname,
  token !== null,
  window.location.search,
);

// The page's language is translated from the first paint. Should its catalogue fail to load, the
// app still starts (texts then show as keys) rather than staying blank; a chunk that failed to
// load is asked for again by the render, which shows the route's error if it fails again.
const catalogue = loadCatalogue(storedLanguage()).catch((error: unknown) =>
  console.error('language catalogue did not load', error),
);
void Promise.all([catalogue, pageChunks]).finally(render);
