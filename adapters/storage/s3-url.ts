// Read without the AWS SDK: the configuration is checked when the store opens, the SDK loaded
// only by the first file the store keeps or serves (open-file-store.ts).

export interface S3Settings {
  /** s3://bucket[/prefix] for AWS, or http(s)://host[:port]/bucket[/prefix] for an S3-compatible server (path-style). */
  url: string;
  region: string;
  /** Unset: the AWS SDK's own chain (AWS_* variables, the instance's role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/** Where the bucket is, parsed from UPLOADS_S3_URL. */
export function parseS3Url(url: string): { endpoint: string | undefined; bucket: string; prefix: string } {
  const parsed = new URL(url);
  if (parsed.protocol === "s3:") return { endpoint: undefined, bucket: parsed.hostname, prefix: trimSlashes(parsed.pathname) };
  const [bucket = "", ...rest] = trimSlashes(parsed.pathname).split("/");
  if (!bucket) throw new Error("UPLOADS_S3_URL must name the bucket: http(s)://host/bucket or s3://bucket");
  return { endpoint: parsed.origin, bucket, prefix: rest.join("/") };
}

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, "");
