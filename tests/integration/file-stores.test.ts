import { afterAll, describe, expect, it } from "vitest";
import { copyFiles } from "#adapters/storage/copy-files.ts";
import { createDatabaseFileStore } from "#adapters/storage/database-file-store.ts";
import { createFolderFileStore } from "#adapters/storage/folder-file-store.ts";
import { createS3FileStore } from "#adapters/storage/s3-file-store.ts";
import type { FileStore } from "#domain/shared/file-store.port.ts";
import * as uploadLogo from "#src/pages/api/admin/upload-logo.ts";
import * as proof from "#src/pages/api/admin/orders/[id]/proof.ts";
import * as proofFile from "#src/pages/api/orders/[id]/proofs/[file].ts";
import * as submit from "#src/pages/api/trustpilot-submit.ts";
import * as uploads from "#src/pages/uploads/[...path].ts";
import * as screenshot from "#src/pages/uploads/reviews/[file].ts";
import { realImage } from "../support/images.ts";
import { startTestS3, S3RVER_KEY } from "../support/s3-server.ts";
import { storedNames } from "../support/stored-files.ts";
import { captureCall, preparedPayment, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// Every file store (issue 39) behind the same routes: the database (default, SQLite or PostgreSQL),
// the local folder, and S3 against s3rver, a real S3-compatible server run in this process.
const s3 = await startTestS3();
afterAll(() => s3.close());

const PNG = await realImage("png");
const JPEG = await realImage("jpeg");

const STORES: { name: string; env: Record<string, string> }[] = [
  { name: "database", env: {} },
  { name: "folder", env: { UPLOADS_STORE: "folder" } },
  { name: "s3", env: s3.env },
  { name: "s3 with presigned GETs", env: { ...s3.env, UPLOADS_S3_PRESIGNED_GETS: "on" } },
];

describe.each(STORES)(`uploads on the $name store on ${TEST_DATABASE}`, ({ name, env }) => {
  const ready = (async () => {
    const store = await createTestApp({ env: { ...env, SLA_CHECK_SECONDS: "0" } });
    const admin = await signInAdmin(store);
    return { store, admin };
  })();
  let shoppers = 0;

  it("a logo is served with a strong ETag, immutable caching, 304 and byte ranges", async () => {
    const { store, admin } = await ready;
    const res = await admin.call(uploadLogo.POST, "/api/admin/upload-logo", { body: { base64Image: PNG.toString("base64"), filename: "logo.png" } });
    expect(res.status).toBe(201);
    const path = (res.body.url as string).slice("/uploads/".length);
    expect(await storedNames(store.app.fileStore, "logos")).toContain(path.slice("logos/".length));
    const get = (headers: Record<string, string> = {}) => store.call(uploads.GET, `/uploads/${path}`, { params: { path }, headers });

    const whole = await get();
    expect(whole.status).toBe(200);
    const etag = whole.headers.get("etag")!;
    // Strong (no W/), the SHA-256 of the bytes, which is also the file's name: content-addressed.
    expect(etag).toBe(`"${path.slice("logos/".length, -".png".length)}"`);
    expect(whole.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(whole.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await (await fetchBody(store, path)).arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    expect((await get({ "if-none-match": etag })).status).toBe(304);
    expect((await get({ "if-none-match": '"another"' })).status).toBe(200);
    const part = await get({ range: "bytes=1-3" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1-3/${bytes.length}`);
    const partBytes = Buffer.from(await (await fetchBody(store, path, { range: "bytes=1-3" })).arrayBuffer());
    expect(partBytes).toEqual(bytes.subarray(1, 4));
    expect((await get({ range: `bytes=${bytes.length}-` })).status).toBe(416);
    // If-Range with another version: the whole file.
    expect((await get({ range: "bytes=1-3", "if-range": '"old"' })).status).toBe(200);
    // The same logo uploaded again is the same URL: one file kept.
    const again = await admin.call(uploadLogo.POST, "/api/admin/upload-logo", { body: { base64Image: PNG.toString("base64"), filename: "again.png" } });
    expect(again.body.url).toBe(res.body.url);
  });

  it("a delivery proof is readable by the order's owner and staff only, never through /uploads", async () => {
    const { store, admin } = await ready;
    const item = await product(store, "Titanic Cat");
    await setStock(store, item.id, 100);
    const shopper = await signIn(store, `owner-${name.replace(/\W/g, "")}-${++shoppers}@shop.test`);
    const other = await signIn(store, `nosy-${name.replace(/\W/g, "")}-${shoppers}@shop.test`);
    const { paymentId } = await preparedPayment(shopper, item.id, 1);
    const order = (await captureCall(shopper, paymentId)).body.order as { id: string };
    const id = order.id;
    const uploaded = await admin.call(proof.POST, `/api/admin/orders/${id}/proof`, { params: { id }, body: { base64Image: JPEG.toString("base64") } });
    expect(uploaded.status).toBe(201);
    const file = (uploaded.body.url as string).split("/").pop()!;
    expect(await storedNames(store.app.fileStore, "proofs")).toContain(file);
    const read = (browser: { call: typeof admin.call }) => browser.call(proofFile.GET, `/api/orders/${id}/proofs/${file}`, { params: { id, file } });

    expect((await read(other)).status).toBe(403);
    expect((await read(store.anonymous)).status).toBe(401);
    expect((await store.call(uploads.GET, `/uploads/proofs/${file}`, { params: { path: `proofs/${file}` } })).status).toBe(404);
    for (const browser of [shopper, admin]) {
      const answer = await read(browser);
      if (env["UPLOADS_S3_PRESIGNED_GETS"] === "on") {
        // Sent to the bucket with a URL signed for a minute, after the store's own check.
        expect(answer.status).toBe(302);
        expect(answer.headers.get("cache-control")).toBe("private, no-store");
        const location = answer.headers.get("location")!;
        expect(location.startsWith(`${s3.url}/proofs/${file}?`)).toBe(true);
        const fromBucket = await fetch(location);
        expect(fromBucket.status).toBe(200);
        expect(fromBucket.headers.get("content-type")).toBe("image/jpeg");
        expect(Buffer.from(await fromBucket.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
        // Signed (SigV4) for 60 seconds, with the type the store checked. s3rver does not verify
        // SigV4 signatures itself (its source says so), so refusing a forged URL is AWS's part.
        const query = new URL(location).searchParams;
        expect(query.get("X-Amz-Expires")).toBe("60");
        expect(query.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
        expect(query.get("X-Amz-SignedHeaders")).toBe("host");
      } else {
        expect(answer.status).toBe(200);
        expect(answer.headers.get("content-type")).toBe("image/jpeg");
        expect(answer.headers.get("cache-control")).toBe("private, max-age=3600");
        expect(answer.headers.get("etag")).toMatch(/^"[\w-]{43}"$/);
      }
    }
  });

  it("a review screenshot is readable by its shopper and staff only", async () => {
    const { store, admin } = await ready;
    const reviewer = await signIn(store, `reviewer-${name.replace(/\W/g, "")}@shop.test`);
    const other = await signIn(store, `other-${name.replace(/\W/g, "")}@shop.test`);
    const res = await reviewer.call(submit.POST, "/api/trustpilot-submit", {
      body: { screenshotUrl: `data:image/png;base64,${PNG.toString("base64")}`, userId: null },
    });
    expect(res.status).toBe(201);
    const file = (res.body.screenshotUrl as string).split("/").pop()!;
    const read = (browser: { call: typeof admin.call }) => browser.call(screenshot.GET, `/uploads/reviews/${file}`, { params: { file } });
    expect((await read(other)).status).toBe(403);
    expect((await read(store.anonymous)).status).toBe(401);
    // Nor through the public route's reader (the router sends /uploads/reviews/* to the checked route).
    expect(await store.app.uploads.read(`reviews/${file}`)).toBeNull();
    const expected = env["UPLOADS_S3_PRESIGNED_GETS"] === "on" ? 302 : 200;
    expect((await read(reviewer)).status).toBe(expected);
    expect((await read(admin)).status).toBe(expected);
  });
});

/** The body of a public upload, read through the route (call() answers parsed JSON only). */
async function fetchBody(store: Awaited<ReturnType<typeof createTestApp>>, path: string, headers: Record<string, string> = {}): Promise<Response> {
  const url = new URL(`http://localhost/uploads/${path}`);
  return uploads.GET({ request: new Request(url, { headers }), params: { path }, url, locals: { app: store.app } as never });
}

describe(`every file store keeps the same files the same way on ${TEST_DATABASE}`, () => {
  const ready = (async () => {
    const store = await createTestApp({ seed: false });
    const stores: FileStore[] = [
      createDatabaseFileStore(store.app.db),
      createFolderFileStore(store.dir),
      createS3FileStore({ url: `${s3.url}/contract`, region: "us-east-1", credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY } }),
    ];
    return { store, stores };
  })();

  it("put, get, keys and remove agree on every store, with the same ETag for the same bytes", async () => {
    const { stores } = await ready;
    const etags = new Set<string>();
    for (const files of stores) {
      await files.put("proofs/a-1.png", PNG, "image/png");
      await files.put("logos/b_2.jpg", JPEG, "image/jpeg");
      const got = await files.get("proofs/a-1.png");
      expect(Buffer.from(got!.bytes), files.kind).toEqual(PNG);
      expect(got!.contentType, files.kind).toBe("image/png");
      etags.add(got!.etag);
      const keys: string[] = [];
      for await (const key of files.keys()) keys.push(key);
      expect(keys.sort(), files.kind).toEqual(["logos/b_2.jpg", "proofs/a-1.png"]);
      // Keys this store could not have written are never read, wherever they would lead.
      for (const bad of ["../shop.db", "proofs/../../shop.db", "proofs/a-1.png/..", "/etc/passwd", "proofs/x.y.png", "PROOFS/a-1.png"]) {
        expect(await files.get(bad), `${files.kind} ${bad}`).toBeNull();
        await expect(files.put(bad, PNG, "image/png"), `${files.kind} ${bad}`).rejects.toThrow(/unsafe/);
      }
      await files.remove("proofs/a-1.png");
      await files.remove("proofs/never-there.png");
      expect(await files.get("proofs/a-1.png"), files.kind).toBeNull();
      await files.remove("logos/b_2.jpg");
    }
    expect(etags.size).toBe(1);
  });

  it("uploads move copies every file to another store, reads each back, and a second run finds them there", async () => {
    const { stores } = await ready;
    const [database, folder, bucket] = stores as [FileStore, FileStore, FileStore];
    for (let i = 0; i < 3; i++) await folder.put(`proofs/p${i}.png`, PNG, "image/png");
    await folder.put("logos/l.jpg", JPEG, "image/jpeg");
    const first = await copyFiles(folder, database);
    expect(first).toMatchObject({ copied: 4, alreadyThere: 0, mismatched: [] });
    expect((await database.get("logos/l.jpg"))!.etag).toBe((await folder.get("logos/l.jpg"))!.etag);
    const second = await copyFiles(folder, database);
    expect(second).toMatchObject({ copied: 0, alreadyThere: 4, mismatched: [] });
    const toBucket = await copyFiles(database, bucket);
    expect(toBucket).toMatchObject({ copied: 4, mismatched: [] });
    expect(Buffer.from((await bucket.get("proofs/p2.png"))!.bytes)).toEqual(PNG);
    // A broken earlier copy (other bytes under the key) is replaced and verified.
    await database.remove("proofs/p0.png");
    await database.put("proofs/p0.png", JPEG, "image/jpeg");
    expect(await copyFiles(folder, database)).toMatchObject({ copied: 1, alreadyThere: 3, mismatched: [] });
    expect(Buffer.from((await database.get("proofs/p0.png"))!.bytes)).toEqual(PNG);
  });
});

describe(`a wrong S3 bucket URL on ${TEST_DATABASE}`, () => {
  // The S3 store loads its SDK with its first file (open-file-store.ts), but its URL is still read
  // when the store opens: a URL naming no bucket stops the start, not the first upload.
  it("stops the store from opening, before any file is asked for", async () => {
    await expect(createTestApp({ env: { UPLOADS_STORE: "s3", UPLOADS_S3_URL: "http://127.0.0.1:9//" } })).rejects.toThrow(/must name the bucket/);
  });
});
