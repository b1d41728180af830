import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { FileStore } from "#domain/shared/file-store.port.ts";
import { assertStoreKey, etagOf, isStoreKey, sha256Of } from "./file-keys.ts";
import { parseS3Url, type S3Settings } from "./s3-url.ts";

/**
 * Files as objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Garage, ...), with the
 * maintained AWS SDK v3 client. Objects are private: the store reads them and serves them itself,
 * or, for private files when UPLOADS_S3_PRESIGNED_GETS is on, hands the browser a GET URL signed
 * for a few seconds after its own permission check.
 */
export function createS3FileStore(settings: S3Settings, client = s3Client(settings)): FileStore {
  const { bucket, prefix } = parseS3Url(settings.url);
  const objectKey = (key: string) => (prefix ? `${prefix}/${key}` : key);
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      assertStoreKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: bytes, ContentType: contentType, Metadata: { sha256: sha256Of(bytes) } }),
      );
    },
    async get(key) {
      if (!isStoreKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        const read = await object.Body!.transformToByteArray();
        const bytes = new Uint8Array(read.byteLength);
        bytes.set(read);
        // The SHA-256 of the bytes, as every store answers it, so moving stores keeps browsers' copies valid.
        return { bytes, contentType: object.ContentType ?? "application/octet-stream", etag: etagOf(object.Metadata?.["sha256"] ?? sha256Of(bytes)) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      if (!isStoreKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async *keys() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix ? `${prefix}/` : undefined, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          const key = prefix ? (object.Key ?? "").slice(prefix.length + 1) : (object.Key ?? "");
          if (isStoreKey(key)) yield key;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async presignedGet(key, contentType, seconds) {
      assertStoreKey(key);
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: objectKey(key),
        // The answer's headers are part of the signature: the type the store checked, kept by no shared cache.
        ResponseContentType: contentType,
        ResponseCacheControl: "private, max-age=60",
        ResponseContentDisposition: "inline",
      });
      return getSignedUrl(client, command, { expiresIn: seconds });
    },
  };
}

export function s3Client(settings: S3Settings): S3Client {
  const { endpoint } = parseS3Url(settings.url);
  return new S3Client({
    region: settings.region,
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Only what S3 itself requires: some S3-compatible servers refuse the newer default checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404);
}
