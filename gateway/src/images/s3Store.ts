import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { Readable } from "stream";
import { ServiceUnavailableError } from "../errors";
import type { Logger } from "../logger";
import type { CheckedImage } from "./check";
import { contentTypeOf, isImageName } from "./names";
import { CheckedImageStore, type StagedImage, type StoredImage, type StoredImageInfo } from "./store";

/** Where and how to reach the bucket (S3_* variables). */
export interface S3StoreConfig {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, s3rver, R2 ...); AWS's own when absent. */
  endpoint?: string;
  region: string;
  /** Static keys; without them the SDK's default chain (environment, instance role ...) is used. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** bucket in the path (http://host/bucket/key), as MinIO and s3rver expect, instead of in the host name. */
  forcePathStyle: boolean;
  /** Longest one call to the store may take before it counts as unavailable. */
  timeoutMs: number;
}

/** A checked image kept in memory until commit: at most the request's files, each within MAX_UPLOAD_MB. */
export interface S3StagedImage extends StagedImage {
  bytes?: Buffer;
}

const UNAVAILABLE = "The images store is unavailable";
const WRITES = new Set(["put", "stat before put"]);

/**
 * Images as objects of one bucket, shared by every replica. Nothing reaches
 * the bucket before commit, which puts only names the bucket does not hold yet
 * (a name is a content hash: the same name is the same bytes), so a refused
 * or failed write leaves no object, and an object is never rewritten.
 */
export class S3ImageStore extends CheckedImageStore {
  private readonly client: S3Client;

  constructor(
    private readonly config: S3StoreConfig,
    maxPixels: number,
    private readonly log: Logger,
  ) {
    super(maxPixels);
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // One retry: a store that is down must turn into a 503 quickly, not after a backoff series.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: Math.min(config.timeoutMs, 2000), requestTimeout: config.timeoutMs },
      // S3-compatible servers do not all know the newer checksum headers; S3 itself does not require them.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  /** A bucket that does not answer at start is reported, not fatal: /healthz says so until it answers. */
  async init() {
    if (!(await this.probe()))
      this.log.warn({ bucket: this.config.bucket }, "the images bucket does not answer: uploads and /Images answer 503 until it does");
  }

  async stage(image: CheckedImage): Promise<S3StagedImage> {
    return { name: image.name, bytes: image.bytes };
  }

  async commit(images: S3StagedImage[]): Promise<string[]> {
    const created: string[] = [];
    try {
      for (const image of images) {
        if (!image.bytes) throw new Error(`Image ${image.name} was released before its commit`);
        if (created.includes(image.name) || (await this.stat(image.name, "stat before put"))) continue;
        await this.call("put", (abortSignal) =>
          this.client.send(
            new PutObjectCommand({
              Bucket: this.config.bucket,
              Key: image.name,
              Body: image.bytes,
              ContentLength: image.bytes!.length,
              ContentType: contentTypeOf(image.name),
              // Names are content hashes: a CDN in front of the bucket may keep them for ever.
              CacheControl: "public, max-age=31536000, immutable",
            }),
            { abortSignal },
          ),
        );
        created.push(image.name);
      }
    } catch (e) {
      await this.discard(created);
      throw e instanceof ServiceUnavailableError ? e : this.unavailable("put", e);
    }
    return created;
  }

  async release(images: S3StagedImage[]) {
    for (const image of images) image.bytes = undefined;
  }

  async discard(names: string[]) {
    if (!names.length) return;
    await this.call("delete", (abortSignal) =>
      this.client.send(
        new DeleteObjectsCommand({ Bucket: this.config.bucket, Delete: { Objects: names.map((Key) => ({ Key })), Quiet: true } }),
        { abortSignal },
      ),
    ).catch(() => undefined);
  }

  /** Whether the bucket answers (HeadBucket: reachable, exists, and these credentials may use it); not logged, /healthz says it. */
  async probe(): Promise<boolean> {
    try {
      await this.call("probe", (abortSignal) => this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }), { abortSignal }), {
        quiet: true,
      });
      return true;
    } catch {
      return false;
    }
  }

  async stat(name: string, what = "stat"): Promise<StoredImageInfo | null> {
    if (!isImageName(name)) return null;
    try {
      const head = await this.call(what, (abortSignal) =>
        this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: name }), { abortSignal }),
      );
      return { size: head.ContentLength ?? 0, etag: head.ETag, lastModified: head.LastModified };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async read(name: string): Promise<StoredImage | null> {
    if (!isImageName(name)) return null;
    try {
      // Bounded until the answer starts; the body then streams at the client's pace.
      const object = await this.call("read", (abortSignal) =>
        this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: name }), { abortSignal }),
      );
      return { size: object.ContentLength ?? 0, etag: object.ETag, lastModified: object.LastModified, body: object.Body as Readable };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async close() {
    this.client.destroy();
  }

  /**
   * One call to the bucket, given at most timeoutMs to answer; any failure
   * but "no such object" becomes a 503. Only the error's name, status and
   * message are logged: the SDK's error objects carry the signed request.
   */
  private async call<T>(what: string, send: (abortSignal: AbortSignal) => Promise<T>, { quiet = false } = {}): Promise<T> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.config.timeoutMs);
    try {
      return await send(abort.signal);
    } catch (e) {
      if (isMissing(e)) throw e;
      if (quiet) throw e;
      throw this.unavailable(what, abort.signal.aborted ? new Error(`no answer within ${this.config.timeoutMs} ms`) : e);
    } finally {
      clearTimeout(timer);
    }
  }

  private unavailable(what: string, error: unknown): ServiceUnavailableError {
    const { name, message, $metadata } = (error ?? {}) as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    this.log.warn(
      { store: "s3", operation: what, error: name, status: $metadata?.httpStatusCode, reason: message },
      "images store call failed",
    );
    return new ServiceUnavailableError(WRITES.has(what) ? `${UNAVAILABLE}; nothing was saved` : UNAVAILABLE);
  }
}

/** No such object; a missing bucket is the store being unusable (a HEAD's bare 404 cannot tell them apart). */
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  error.name !== "NoSuchBucket" &&
  (error.name === "NotFound" || error.name === "NoSuchKey" || error.$metadata?.httpStatusCode === 404);
