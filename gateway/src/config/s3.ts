import type { S3StoreConfig } from "../images/s3Store";
import { flag, httpBaseUrl, matching, text, wholeNumber } from "./parsers";
import { setting, settingGroup, type Env, type Values } from "./setting";

/** The S3 image store: the bucket, how to reach it, and an optional public base URL (a CDN) to redirect /Images to. */
export interface S3Config extends S3StoreConfig {
  publicUrl: string | null;
}

/** S3's rule for new bucket names (what MinIO enforces too). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const bucketName = matching(BUCKET, "must be a bucket name (3-63 lowercase letters, digits, dots and hyphens)").refine(
  (name) => !name.includes(".."),
  "must be a bucket name (3-63 lowercase letters, digits, dots and hyphens)",
);

export const s3Settings = settingGroup({
  title: "Images in S3",
  intro: "Images live in `DATA_DIR/images` unless `S3_BUCKET` is set; see [operations](operations.md#images-on-disk-or-in-s3).",
  settings: {
    S3_BUCKET: setting({
      parse: bucketName,
      unset: "none (images on disk)",
      production: "images shared by the replicas (DATA_DIR/images is one replica's)",
      description: "the bucket's name (3-63 lowercase letters, digits, dots, hyphens); every other `S3_*` variable needs it",
    }),
    S3_ENDPOINT: setting({
      parse: httpBaseUrl(),
      unset: "AWS S3 of `S3_REGION`",
      production: "the compose file's own S3 server",
      description: "`http(s)://host:port` of an S3-compatible store, no credentials in it",
    }),
    S3_REGION: setting({
      parse: matching(/^[a-z0-9-]{1,40}$/i, "must be a region name such as us-east-1 or auto"),
      default: "us-east-1",
      description: "the bucket's region (`auto` for R2)",
    }),
    S3_ACCESS_KEY_ID: setting({
      parse: text,
      secret: true,
      unset: "the AWS SDK's default chain (`AWS_*` variables, instance role, ...)",
      production: "the S3 server's credentials",
      description: "static key id, with `S3_SECRET_ACCESS_KEY` (both or neither); never written to the logs",
    }),
    S3_SECRET_ACCESS_KEY: setting({
      parse: text,
      secret: true,
      unset: "the AWS SDK's default chain",
      production: "the S3 server's credentials",
      description: "static secret, with `S3_ACCESS_KEY_ID`; never written to the logs",
    }),
    S3_FORCE_PATH_STYLE: setting({
      parse: flag,
      unset: "`true` when `S3_ENDPOINT` is set, `false` otherwise",
      description: "address the bucket in the path (`host/bucket/name`, MinIO and s3rver) rather than the host (`bucket.host`)",
    }),
    S3_PUBLIC_URL: setting({
      parse: httpBaseUrl().transform((url) => url.replace(/\/+$/, "")),
      unset: "none (the gateway streams the images)",
      description: "`https://cdn.example.com/images`: `/Images/{name}` redirects there instead",
    }),
    S3_TIMEOUT_MS: setting({
      parse: wholeNumber(100, 60_000),
      default: "5000",
      description: "longest one call to the bucket may take (100-60000) before the request answers `503`",
    }),
  },
});

/**
 * Images in a bucket when S3_BUCKET is set, null keeps them on disk. The other S3_* variables without a bucket, or
 * one key without the other, are refused rather than silently ignored; the keys are never repeated in a message.
 */
export function s3Config(values: Values<typeof s3Settings>, env: Env, problems: string[]): S3Config | null {
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = values;
  // Set counts, valid or not: a refused bucket name is reported with the rest, not taken for none.
  if (!env.S3_BUCKET?.trim()) {
    const stray = Object.keys(s3Settings.settings).filter((name) => name !== "S3_BUCKET" && env[name]?.trim());
    if (stray.length)
      problems.push(`${stray.join(", ")} ${stray.length > 1 ? "are" : "is"} set but S3_BUCKET is not (images stay on disk without it)`);
    return null;
  }
  if (!accessKeyId !== !secretAccessKey)
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS default credentials");
  return {
    bucket: values.S3_BUCKET!,
    endpoint: values.S3_ENDPOINT,
    region: values.S3_REGION,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // A custom endpoint (MinIO, s3rver, a bucket behind a proxy) rarely resolves bucket.host names.
    forcePathStyle: values.S3_FORCE_PATH_STYLE ?? values.S3_ENDPOINT !== undefined,
    timeoutMs: values.S3_TIMEOUT_MS,
    publicUrl: values.S3_PUBLIC_URL ?? null,
  };
}
