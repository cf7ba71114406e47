import pg from 'pg';

/**
 * Runs `use` on a new database made on the server of `serverUrl` (named `<prefix>_<pid>_<time>`),
 * so the rows and jobs a bench counts are its own run's only, and drops it afterwards (also when
 * `use` throws; WITH (FORCE) ends the server process's connections that are still open).
 */
export async function withFreshDatabase<T>(
  serverUrl: string,
  prefix: string,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      return await use(url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
