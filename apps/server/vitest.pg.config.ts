import { serverTestConfig } from './vitest.config.js';

// The same server suite on a real PostgreSQL server (CI sets TEST_DATABASE_URL).
export default serverTestConfig('server-pg', 'postgres');
