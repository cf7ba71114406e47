export * from './messages.js';
export * from './errors.js';
export * from './auth.js';
export * from './health.js';
export * from './preferences.js';
export * from './projects.js';
