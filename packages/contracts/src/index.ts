export * from './messages.js';
export * from './errors.js';
export * from './auth.js';
export * from './health.js';
export * from './preferences.js';
export * from './projects.js';
export * from './repository-url.js';
export * from './branch-name.js';
