import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { withStatementCache } from "#adapters/db/statement-cache.ts";

const sqlite = new SQLite(":memory:");
afterAll(() => sqlite.close());

describe("withStatementCache", () => {
  it("hands out the same prepared statement for the same SQL", () => {
    const db = withStatementCache(sqlite);
    sqlite.exec("create table t (n integer)");
    const first = db.prepare("insert into t (n) values (?)");
    first.run([1]);
    expect(db.prepare("insert into t (n) values (?)")).toBe(first);
    expect(db.prepare("select n from t").all([])).toEqual([{ n: 1 }]);
  });

  it("prepares a new statement while the cached one has an open iterator", () => {
    const db = withStatementCache(sqlite);
    sqlite.exec("create table u (n integer); insert into u values (1), (2)");
    const reading = db.prepare("select n from u order by n");
    const iterator = reading.iterate([]);
    iterator.next();
    const again = db.prepare("select n from u order by n");
    expect(again).not.toBe(reading);
    expect(again.all([])).toEqual([{ n: 1 }, { n: 2 }]);
    iterator.return?.();
  });

  it("keeps only the most recently used statements", () => {
    const db = withStatementCache(sqlite, 2);
    const a = db.prepare("select 1");
    const b = db.prepare("select 2");
    expect(db.prepare("select 1")).toBe(a); // a is now the most recent
    db.prepare("select 3"); // evicts b
    expect(db.prepare("select 1")).toBe(a);
    expect(db.prepare("select 2")).not.toBe(b);
  });

  it("keeps working after the schema changes under a cached statement", () => {
    const db = withStatementCache(sqlite);
    sqlite.exec("create table v (n integer)");
    const select = db.prepare("select * from v");
    expect(select.all([])).toEqual([]);
    sqlite.exec("alter table v add column m integer; insert into v values (1, 2)");
    expect(db.prepare("select * from v").all([])).toEqual([{ n: 1, m: 2 }]);
  });
});
