import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * Case-insensitive "contains" on a text column, in portable SQL: the search text is matched
 * literally (its % and _ are escaped), in both SQLite and PostgreSQL.
 */
export function containsText(column: string, search: string): Expression<SqlBool> {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
