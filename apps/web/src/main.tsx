import './index.css';
import { loadCatalogue, storedLanguage } from './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/preload-route';
import { routes } from './app/routes';
import { getToken } from './lib/session';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// The page's chunks load while its catalogue does, not one after another once it renders.
preloadRoute(routes, window.location.pathname, getToken() !== null);

// The page's language is translated from the first paint. Should its catalogue fail to load, the
// app still starts (texts then show as keys) rather than staying blank.
loadCatalogue(storedLanguage())
  .catch((error: unknown) => console.error('language catalogue did not load', error))
  .finally(render);
