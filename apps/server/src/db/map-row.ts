import { getTableColumns, sql, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';

/**
 * A row of `table` as a raw statement (`db.execute`) returns it — column names, driver values —
 * turned into what drizzle's own select gives: property names and mapped values (dates, json).
 * For the few statements drizzle's builder cannot say in one round trip (a data-modifying CTE).
 */
export function mapRow<T extends Table>(
  table: T,
  raw: Record<string, unknown>,
): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/** The rows of a `db.execute` result, on either driver. */
export const rowsOf = (result: unknown): Array<Record<string, unknown>> =>
  (result as { rows: Array<Record<string, unknown>> }).rows;

/**
 * The table's columns by name, in the schema's order: what a raw statement selects so that two
 * branches of a UNION line up (`*` is the database's column order, which migrations that added
 * columns make differ from the schema's, and from a RETURNING list's).
 */
export const columnList = (table: Table): SQL =>
  sql.join(
    Object.values(getTableColumns(table)).map((column) => sql.identifier(column.name)),
    sql`, `,
  );
