import { sql, type SQL } from 'drizzle-orm';
import { PR_SIZE_CLASS_RANGES } from '@rota/contracts';

/**
 * A JSON object of how many rows, among those where `counted` holds, fall in each size class
 * (docs/metrics.md "PR size"). The classes and their limits come from the contracts' one table,
 * the one the web's size badge reads, so a pull request's badge and the class it is counted in
 * cannot differ.
 */
export function sizeClassCountsSql(size: SQL, counted: SQL): SQL {
  const counts = PR_SIZE_CLASS_RANGES.map(({ name, from, under }) => {
    const conditions = [counted];
    if (from !== null) conditions.push(sql`${size} >= ${from}`);
    if (under !== null) conditions.push(sql`${size} < ${under}`);
    return sql`${name}::text, count(*) filter (where ${sql.join(conditions, sql` and `)})`;
  });
  return sql`json_build_object(${sql.join(counts, sql`, `)})`;
}
