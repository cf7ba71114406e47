/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin; empty (the default) means same origin, which the CSP expects. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
