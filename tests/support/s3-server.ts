import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// s3rver: a real S3-compatible HTTP server (signature v4 checked, presigned URLs, listing), run in
// this process on a free port and a temporary folder. Installed from the npm registry as a dev
// dependency; no S3-compatible server is among Debian's packages for this machine.
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";

export interface TestS3 {
  /** UPLOADS_S3_URL of the bucket (path-style). */
  url: string;
  /** The settings UPLOADS_S3_* take for this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver's fixed credentials; it refuses requests signed with any other. */
export const S3RVER_KEY = "S3RVER";

export async function startTestS3(bucket = "shop-uploads"): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }], vhostBuckets: false });
  const address = (await server.run()) as { address: string; port: number };
  const url = `http://127.0.0.1:${address.port}/${bucket}`;
  return {
    url,
    env: {
      UPLOADS_STORE: "s3",
      UPLOADS_S3_URL: url,
      UPLOADS_S3_REGION: "us-east-1",
      UPLOADS_S3_ACCESS_KEY_ID: S3RVER_KEY,
      UPLOADS_S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
