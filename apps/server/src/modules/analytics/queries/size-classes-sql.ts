import { sql, type SQL } from 'drizzle-orm';
import { PR_SIZE_CLASS_RANGES, type PrSizeClass } from '@rota/contracts';

/**
 * A JSON object of how many rows, among those where `counted` holds, fall in each size class
 * (docs/metrics.md "PR size"). The classes and their limits come from the contracts' one table,
 * the one the web's size badge reads, so a pull request's badge and the class it is counted in
 * cannot differ.
 */
export function sizeClassCountsSql(size: SQL, counted: SQL): SQL {
  const counts = PR_SIZE_CLASS_RANGES.map(
    ({ name }) =>
      sql`${name}::text, count(*) filter (where ${counted} and ${inSizeClass(size, name)})`,
  );
  return sql`json_build_object(${sql.join(counts, sql`, `)})`;
}

/** Whether `size` falls in the class `name` (the limits of PR_SIZE_CLASS_RANGES). */
export function inSizeClass(size: SQL, name: PrSizeClass): SQL {
  const { from, under } = PR_SIZE_CLASS_RANGES.find((range) => range.name === name)!;
  const conditions = [sql`${size} is not null`];
  if (from !== null) conditions.push(sql`${size} >= ${from}`);
  if (under !== null) conditions.push(sql`${size} < ${under}`);
  return sql`(${sql.join(conditions, sql` and `)})`;
}
