export * from './users.js';
export * from './projects.js';
