import { mkdtemp, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { HeadObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import S3rver from "@20minutes/s3rver";
import { freePort } from "@pharmacy/test-support/free-port";

/** The access key the stand-in knows (its own default account). */
const STAND_IN_CREDENTIALS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };

/**
 * A local S3-compatible store (s3rver, maintained fork) with one bucket, its objects as files in a
 * temporary folder; it can be stopped and started again on the same port and objects, as a bucket
 * that goes down and comes back. `env` is what a server needs to use it.
 */
export async function startS3StandIn(bucket: string) {
  const directory = await mkdtemp(path.join(os.tmpdir(), "pharmacy-s3-"));
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      address: "127.0.0.1",
      port,
      directory,
      silent: true,
      vhostBuckets: false,
      // it signs a bucket-level path without the trailing slash today's SDK signs with (ListObjectsV2
      // fails otherwise); the access key is still checked against its own
      allowMismatchedSignatures: true,
      configureBuckets: [{ name: bucket }],
    });
    await server.run();
  };
  await start();
  return {
    endpoint,
    env: {
      FILES_S3_BUCKET: bucket,
      FILES_S3_ENDPOINT: endpoint,
      FILES_S3_REGION: "ap-northeast-1",
      ...STAND_IN_CREDENTIALS,
    },
    clientSettings: {
      region: "ap-northeast-1",
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: STAND_IN_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: "S3RVER" },
    },
    /** The bucket goes down: connections are refused until `start`. */
    async stop() {
      await server?.close();
      server = undefined;
    },
    start,
    /** Makes an object look older (its LastModified), as one a crash left hours ago. */
    async age(key: string, ageMs: number) {
      const parts = key.split("/");
      const file = path.join(directory, bucket, ...parts.slice(0, -1), `${parts.at(-1)}._S3rver_object`);
      const at = new Date(Date.now() - ageMs);
      await utimes(file, at, at);
    },
    async close() {
      await server?.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Whether the bucket holds an object under `key` (a 404 is no; any other error is thrown). */
export function objectExists(s3: S3Client, bucket: string, key: string): Promise<boolean> {
  return s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(
    () => true,
    (error: { $metadata?: { httpStatusCode?: number } }) => {
      if (error.$metadata?.httpStatusCode === 404) return false;
      throw error;
    },
  );
}
