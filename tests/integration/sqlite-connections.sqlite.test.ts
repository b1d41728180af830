import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { sql, type Generated, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { afterCommit, openSqlite, type Db } from "#adapters/db/database.ts";

// The two-connection SQLite driver: reads outside a transaction answer at once from the reader,
// transactions and writes take turns on the writer in the order they asked, and those that queue
// behind each other share one commit.
interface Tables {
  note: { id: Generated<number>; text: string };
  parent: { id: number };
  child: { id: number; parentId: number };
}

const dir = mkdtempSync(join(tmpdir(), "shop-sqlite-connections-"));
const db = openSqlite(`file:${join(dir, "shop.db")}`) as unknown as Kysely<Tables>;

function gate(): { open: () => void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** A transaction that has inserted `text` and stays open until `commit()`: `started` resolves once it is in. */
async function openTransaction(on: Kysely<Tables>, text: string): Promise<{ commit: () => Promise<void> }> {
  const held = gate();
  const started = gate();
  const transaction = on.transaction().execute(async (trx) => {
    await trx.insertInto("note").values({ text }).execute();
    started.open();
    await held.opened;
  });
  await started.opened;
  return {
    commit: () => {
      held.open();
      return transaction;
    },
  };
}

/** Lets transactions started just now reach the writer's queue. */
const queued = () => new Promise((resolve) => setTimeout(resolve, 20));

const notes = async (): Promise<string[]> => (await db.selectFrom("note").select("text").orderBy("id").execute()).map((row) => row.text);

beforeAll(async () => {
  await sql`create table note (id integer primary key, text text not null)`.execute(db);
  await sql`create table parent (id integer primary key)`.execute(db);
  await sql`create table child (id integer primary key, parentId integer not null references parent(id) deferrable initially deferred)`.execute(db);
});
afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe("SQLite on a writer and a reader", () => {
  it("answers a read outside a transaction while a transaction is open, with the last commit only", async () => {
    await db.insertInto("note").values({ text: "committed" }).execute();
    const open = await openTransaction(db, "uncommitted");
    expect(await notes()).toEqual(["committed"]);
    await open.commit();
    expect(await notes()).toEqual(["committed", "uncommitted"]);
    await db.deleteFrom("note").execute();
  });

  it("gives transactions their turns in the order they asked, one at a time", async () => {
    const events: string[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        db.transaction().execute(async (trx) => {
          events.push(`start ${n}`);
          await trx
            .insertInto("note")
            .values({ text: `t${n}` })
            .execute();
          await new Promise((resolve) => setTimeout(resolve, 5));
          events.push(`end ${n}`);
        }),
      ),
    );
    expect(events).toEqual([1, 2, 3, 4, 5].flatMap((n) => [`start ${n}`, `end ${n}`]));
    expect(await notes()).toEqual(["t1", "t2", "t3", "t4", "t5"]);
    await db.deleteFrom("note").execute();
  });

  it("makes a write outside a transaction wait for the open transaction's end", async () => {
    const open = await openTransaction(db, "inside");
    const outside = db.insertInto("note").values({ text: "outside" }).execute();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await notes()).toEqual([]);
    await Promise.all([open.commit(), outside]);
    expect(await notes()).toEqual(["inside", "outside"]);
    await db.deleteFrom("note").execute();
  });

  it("passes the turn on after a transaction fails, and after its commit fails", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("note").values({ text: "thrown away" }).execute();
        throw new Error("work failed");
      }),
    ).rejects.toThrow("work failed");
    // A deferred foreign key is checked at commit: the commit itself fails.
    await expect(db.transaction().execute((trx) => trx.insertInto("child").values({ id: 1, parentId: 99 }).execute())).rejects.toThrow(/FOREIGN KEY/);
    await db.transaction().execute((trx) => trx.insertInto("note").values({ text: "next" }).execute());
    expect(await notes()).toEqual(["next"]);
    expect(await db.selectFrom("child").selectAll().execute()).toEqual([]);
    await db.deleteFrom("note").execute();
  });

  it("shares one commit between transactions that wait for each other, and answers each only after it", async () => {
    const events: string[] = [];
    const opened = await openTransaction(db, "t1");
    const waiting = [2, 3].map((n) =>
      db
        .transaction()
        .execute(async (trx) => {
          events.push(`work ${n}`);
          await trx
            .insertInto("note")
            .values({ text: `t${n}` })
            .execute();
        })
        .then(() => events.push(`answered ${n}`)),
    );
    await queued();
    await opened.commit().then(() => events.push("answered 1"));
    await Promise.all(waiting);
    // The first waited for the two queued behind it: one commit for the three.
    expect(events).toEqual(["work 2", "work 3", "answered 1", "answered 2", "answered 3"]);
    expect(await notes()).toEqual(["t1", "t2", "t3"]);
    await db.deleteFrom("note").execute();
  });

  it("answers a transaction once another connection can read what it wrote", async () => {
    const other = new SQLite(join(dir, "shop.db"), { readonly: true });
    const seenByOther = () => (other.prepare("select text from note order by id").all() as { text: string }[]).map((row) => row.text);
    const seen = await Promise.all(
      ["a", "b", "c"].map((text) =>
        db
          .transaction()
          .execute((trx) => trx.insertInto("note").values({ text }).execute())
          .then(() => seenByOther()),
      ),
    );
    for (const [i, rows] of seen.entries()) expect(rows).toContain(["a", "b", "c"][i]);
    other.close();
    await db.deleteFrom("note").execute();
  });

  it("runs what waits for a write (the live channel's wake-up) once another connection can read it", async () => {
    const other = new SQLite(join(dir, "shop.db"), { readonly: true });
    const seenByOther = () => (other.prepare("select text from note order by id").all() as { text: string }[]).map((row) => row.text);
    const heard: { text: string; seen: string[] }[] = [];
    await Promise.all(
      ["d", "e", "f"].map((text) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto("note").values({ text }).execute();
          afterCommit(db as unknown as Db, () => heard.push({ text, seen: seenByOther() }));
        }),
      ),
    );
    await vi.waitFor(() => expect(heard).toHaveLength(3));
    for (const { text, seen } of heard) expect(seen).toContain(text);
    other.close();
    await db.deleteFrom("note").execute();
  });

  it("undoes a failed transaction's work only, when it shared its commit with others", async () => {
    const opened = await openTransaction(db, "before");
    const failing = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("note").values({ text: "thrown away" }).execute();
        throw new Error("work failed");
      })
      .catch((error: Error) => error.message);
    const after = db.transaction().execute((trx) => trx.insertInto("note").values({ text: "after" }).execute());
    const outside = db.insertInto("note").values({ text: "outside" }).execute();
    await queued();
    await opened.commit();
    expect(await failing).toBe("work failed");
    await after;
    await outside;
    expect(await notes()).toEqual(["before", "after", "outside"]);
    await db.deleteFrom("note").execute();
  });

  it("tells a write that clashed with another of its commit once that row can be read", async () => {
    const opened = await openTransaction(db, "first");
    const first = (await db.selectFrom("note").select("id").execute()).length; // the reader: not there yet
    expect(first).toBe(0);
    const clash = db
      .insertInto("note")
      .values({ id: 1, text: "second" })
      .execute()
      .then(
        () => "inserted",
        async (error: Error) => `${error.message}; then read: ${(await notes()).join(",")}`,
      );
    await queued();
    await opened.commit();
    expect(await clash).toBe("UNIQUE constraint failed: note.id; then read: first");
    await db.deleteFrom("note").execute();
  });

  it("fails every transaction of a commit that fails, and keeps none of their work", async () => {
    const opened = await openTransaction(db, "shared the commit");
    // A deferred foreign key is checked at the commit they share (the store's schema defers none on SQLite).
    const broken = db
      .transaction()
      .execute((trx) => trx.insertInto("child").values({ id: 2, parentId: 98 }).execute())
      .catch((error: Error) => error.message);
    await queued();
    await expect(opened.commit()).rejects.toThrow(/FOREIGN KEY/);
    expect(await broken).toMatch(/FOREIGN KEY/);
    expect(await notes()).toEqual([]);
    await db.transaction().execute((trx) => trx.insertInto("note").values({ text: "next" }).execute());
    expect(await notes()).toEqual(["next"]);
    await db.deleteFrom("note").execute();
  });

  it("keeps savepoints on the transaction's connection", async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto("note").values({ text: "kept" }).execute();
    const point = await trx.savepoint("before_mistake").execute();
    await point.insertInto("note").values({ text: "undone" }).execute();
    await point.rollbackToSavepoint("before_mistake").execute();
    await trx.commit().execute();
    expect(await notes()).toEqual(["kept"]);
    await db.deleteFrom("note").execute();
  });

  it("streams on a connection of its own, so other reads go on while it is open", async () => {
    await db
      .insertInto("note")
      .values([{ text: "a" }, { text: "b" }, { text: "c" }])
      .execute();
    const seen: string[] = [];
    for await (const row of db.selectFrom("note").select("text").orderBy("id").stream()) {
      seen.push(row.text);
      expect(await notes()).toEqual(["a", "b", "c"]);
    }
    expect(seen).toEqual(["a", "b", "c"]);
    await db.deleteFrom("note").execute();
  });

  it("keeps one connection for :memory:, where a read waits for the open transaction", async () => {
    const memory = openSqlite(":memory:") as unknown as Kysely<Tables>;
    await sql`create table note (id integer primary key, text text not null)`.execute(memory);
    const open = await openTransaction(memory, "inside");
    const read = memory.selectFrom("note").select("text").execute();
    await open.commit();
    expect((await read).map((row) => row.text)).toEqual(["inside"]);
    await memory.destroy();
  });
});
