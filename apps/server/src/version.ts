import { readFileSync } from 'node:fs';

/** The server's version, from its package.json (the same file in src/ and dist/ layouts). */
export const version: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
