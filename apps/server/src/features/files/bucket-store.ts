import type { Readable } from "node:stream";
import type * as S3 from "@aws-sdk/client-s3";
import { ERROR_CODE_MESSAGES, ErrorCode } from "@pharmacy/contract/shared/errors";
import type { AppConfig } from "../../config/config.js";
import { AppError } from "../../lib/errors.js";
import {
  idOfName,
  SHARED_SWEEP_AGE_MS,
  THUMBNAIL_SUFFIX,
  UUID_PATTERN,
  type ByteStore,
  type FileBytes,
  type FileVariant,
} from "./byte-store.js";

type BucketSettings = NonNullable<AppConfig["filesBucket"]>;
type Sdk = typeof S3;

/** The keys this store writes: `<branch id>/<file id>` and its thumbnail. */
const STORED_KEY = new RegExp(`^${UUID_PATTERN}/${UUID_PATTERN}(\\.thumb\\.jpg)?$`);
/** A bucket that does not answer is given up on soon: the upload's visitor or staff hear of it, not a hang. */
const CONNECT_TIMEOUT_MS = 5_000;
/** No byte for this long from a bucket that took the connection: a 30 MB photo still goes on a slow line. */
const SOCKET_TIMEOUT_MS = 30_000;

let loading: Promise<Sdk> | undefined;

/** The AWS SDK is loaded at the first call, never without a bucket: it costs start time and memory. */
function loadSdk(): Promise<Sdk> {
  loading ??= import("@aws-sdk/client-s3");
  return loading;
}

/** The bucket did not answer, or refused the call: a 503 with its cause kept for the log. */
export class FileStoreUnavailableError extends AppError {
  constructor(cause: unknown) {
    super(503, ERROR_CODE_MESSAGES[ErrorCode.FileStoreUnavailable], ErrorCode.FileStoreUnavailable);
    this.cause = cause;
  }
}

/**
 * File bytes as objects of an S3-compatible bucket (FILES_S3_BUCKET), read and written with the AWS
 * SDK: `<branch id>/<file id>` and `<branch id>/<file id>.thumb.jpg`. A PUT is atomic and durable
 * when it answers, so an object is whole or absent; it is written before the transaction that names it
 * commits and removed if that fails. Every process shares the bucket; what a crash leaves is swept.
 */
export class BucketFileStore implements ByteStore {
  private client: Promise<S3.S3Client> | undefined;

  constructor(private readonly settings: BucketSettings) {}

  get where(): string {
    return `bucket ${this.settings.bucket}`;
  }

  get bucket(): string {
    return this.settings.bucket;
  }

  async put(file: FileBytes): Promise<void> {
    await this.call(async (client, sdk) => {
      await client.send(new sdk.PutObjectCommand(this.object(file.pharmacyId, file.id, "original", file.data)));
      if (file.thumbnail)
        await client.send(new sdk.PutObjectCommand(this.object(file.pharmacyId, file.id, "thumbnail", file.thumbnail)));
    });
  }

  async remove(pharmacyId: string, id: string): Promise<void> {
    await this.call((client, sdk) =>
      Promise.all(
        (["original", "thumbnail"] as const).map((variant) =>
          client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: keyOf(pharmacyId, id, variant) })),
        ),
      ),
    );
  }

  async has(pharmacyId: string, id: string): Promise<boolean> {
    return this.call(async (client, sdk) => {
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: keyOf(pharmacyId, id, "original") }));
        return true;
      } catch (error) {
        if (isMissing(error, sdk)) return false;
        throw error;
      }
    });
  }

  /** Streamed as the bucket sends it: neither the whole object nor a database connection is held. */
  async open(
    pharmacyId: string,
    id: string,
    variant: FileVariant,
  ): Promise<{ stream: Readable; size: number } | undefined> {
    return this.call(async (client, sdk) => {
      try {
        const object = await client.send(
          new sdk.GetObjectCommand({ Bucket: this.bucket, Key: keyOf(pharmacyId, id, variant) }),
        );
        // in Node the body is the response's IncomingMessage
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error, sdk)) return undefined;
        throw error;
      }
    });
  }

  /**
   * Removes objects no committed row names and older than an hour (younger ones may be another
   * process's upload whose transaction has not committed yet); keys this store does not write stay.
   */
  async sweep(isKnown: (ids: string[]) => Promise<Set<string>>, now = new Date()): Promise<number> {
    const cutoff = now.getTime() - SHARED_SWEEP_AGE_MS;
    return this.call(async (client, sdk) => {
      let removed = 0;
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: continuationToken }),
        );
        const old = (page.Contents ?? []).filter(
          (object) =>
            object.Key !== undefined &&
            STORED_KEY.test(object.Key) &&
            object.LastModified !== undefined &&
            object.LastModified.getTime() < cutoff,
        );
        const ids = [...new Set(old.map((object) => idOfKey(object.Key!)))];
        const known = ids.length > 0 ? await isKnown(ids) : new Set<string>();
        for (const object of old) {
          if (known.has(idOfKey(object.Key!))) continue;
          await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key }));
          removed += 1;
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
      return removed;
    });
  }

  private object(pharmacyId: string, id: string, variant: FileVariant, data: Uint8Array) {
    return {
      Bucket: this.bucket,
      Key: keyOf(pharmacyId, id, variant),
      Body: data,
      ContentLength: data.byteLength,
      ContentType: variant === "thumbnail" ? "image/jpeg" : "application/octet-stream",
    };
  }

  /** Runs calls on the client; whatever fails but a missing object (handled by the caller) is a 503. */
  private async call<T>(work: (client: S3.S3Client, sdk: Sdk) => Promise<T>): Promise<T> {
    const sdk = await loadSdk();
    this.client ??= Promise.resolve(this.newClient(sdk));
    const client = await this.client;
    try {
      return await work(client, sdk);
    } catch (error) {
      throw new FileStoreUnavailableError(error);
    }
  }

  private newClient(sdk: Sdk): S3.S3Client {
    const { endpoint, region, credentials } = this.settings;
    return new sdk.S3Client({
      region,
      endpoint,
      // MinIO and most other S3-compatible stores take bucket names in the path, not as host names
      forcePathStyle: endpoint !== undefined,
      ...(credentials && { credentials }),
      // one more try after a dropped connection; a bucket that is down answers the caller within seconds
      maxAttempts: 2,
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: SOCKET_TIMEOUT_MS },
    });
  }
}

export function keyOf(pharmacyId: string, id: string, variant: FileVariant): string {
  return `${pharmacyId}/${id}${variant === "thumbnail" ? THUMBNAIL_SUFFIX : ""}`;
}

function idOfKey(key: string): string {
  return idOfName(key.slice(key.indexOf("/") + 1));
}

/** GetObject answers NoSuchKey, HeadObject (no body) a bare 404; a missing bucket is the store's fault, not the object's. */
function isMissing(error: unknown, sdk: Sdk): boolean {
  if (error instanceof sdk.NoSuchBucket || (error instanceof Error && error.name === "NoSuchBucket")) return false;
  return (
    error instanceof sdk.NoSuchKey ||
    error instanceof sdk.NotFound ||
    (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}
