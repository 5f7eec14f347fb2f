// Queries whose SQL never changes: built once per database handle, run with placeholders.
import type { Queryable } from '../../db/client';

/**
 * Building a drizzle query costs about as much CPU as SQLite needs to run a small one. A query whose text does not
 * depend on the request (its values come in as sql.placeholder) is built on first use on each handle and reused.
 */
export function preparedPer<Q>(build: (db: Queryable) => Q): (db: Queryable) => Q {
  const built = new WeakMap<Queryable, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
