export * from './users.js';
export * from './projects.js';
export * from './jobs.js';
export * from './mirrors.js';
export * from './analyses.js';
