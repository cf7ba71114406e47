// Moved to ./format.ts (one module formats every number and date); kept so older imports build.
export { formatDateTime, formatRelativeTime } from './format';
