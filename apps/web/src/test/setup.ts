import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { AVAILABLE_LANGUAGES } from '@rota/contracts';
import { i18n, loadCatalogue } from '../lib/i18n';
import { forgetAuthProviders } from '../features/auth/api/providers';
import { setNavigator } from '../lib/navigation';
import { installMatchMedia } from './match-media';
import { server } from './server';

// Pages are lazy chunks: the first test of a file that opens one waits for Vite to transform the
// whole page module graph, which on a busy 2-core machine takes well over testing-library's 1 s
// default. What the tests check is unchanged; only how long `findBy…`/`waitFor` may wait.
configure({ asyncUtilTimeout: 5000 });

// The app loads one catalogue before its first render; tests switch language freely, so both.
await Promise.all(AVAILABLE_LANGUAGES.map(loadCatalogue));

// jsdom cannot navigate; tests that care install their own navigator.
setNavigator(() => undefined);

// Browser APIs jsdom lacks and Radix/sonner touch.
installMatchMedia(false);
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  forgetAuthProviders();
  window.localStorage.clear();
  installMatchMedia(false);
  await i18n.changeLanguage('tr');
});
afterAll(() => server.close());
