import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

/*
 * The bench's side of ./count-statements.ts (preloaded into the server): asks the server for its
 * counts and prints what a run added.
 */

/** The server's statement counts so far (it writes them on SIGUSR2). */
export async function statementCounts(server: ChildProcess, file: string) {
  rmSync(file, { force: true });
  server.kill('SIGUSR2');
  for (let i = 0; i < 100; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
    } catch {
      // not written (or not completely) yet
    }
  }
  throw new Error('the server wrote no statement counts');
}

/** Prints the statements sent between two snapshots, per delivery and by statement. */
export function reportStatements(
  deliveries: number,
  before: Record<string, number>,
  after: Record<string, number>,
) {
  const rows = Object.entries(after)
    .map(([text, n]) => [text, n - (before[text] ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `statements: ${total} for ${deliveries} deliveries, ${(total / deliveries).toFixed(2)} per delivery (acknowledged and processed, until idle); by statement, per 1,000 deliveries:`,
  );
  for (const [text, n] of rows.slice(0, 30))
    console.log(`  ${((1000 * n) / deliveries).toFixed(0).padStart(6)}  ${text}`);
}
