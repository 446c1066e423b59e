import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import path from "path";
import { ConfigError, loadConfig } from "../../src/config";

/** The S3_* variables: the disk store unless S3_BUCKET is set, and every bad value reported without the keys. */
describe("S3 configuration", () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "presale-config-")), ...env });
  const problems = (env: Record<string, string>) => {
    try {
      load(env);
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    throw new Error("the configuration was accepted");
  };

  it("keeps images on disk by default", () => {
    expect(load({}).s3).toBeNull();
  });

  it("reads a bucket behind a custom endpoint: path-style by default there, us-east-1, 5 s calls", () => {
    const config = load({
      S3_BUCKET: "presale-images",
      S3_ENDPOINT: "http://minio:9000",
      S3_ACCESS_KEY_ID: "key-id",
      S3_SECRET_ACCESS_KEY: "key-secret",
      S3_PUBLIC_URL: "https://cdn.example.com/img/",
    });
    expect(config.s3).toEqual({
      bucket: "presale-images",
      endpoint: "http://minio:9000",
      region: "us-east-1",
      credentials: { accessKeyId: "key-id", secretAccessKey: "key-secret" },
      forcePathStyle: true,
      timeoutMs: 5000,
      publicUrl: "https://cdn.example.com/img",
    });
  });

  it("uses AWS's own endpoint, host-style addressing and the default credentials when only the bucket is given", () => {
    const config = load({ S3_BUCKET: "my.bucket-1", S3_REGION: "eu-west-3", S3_FORCE_PATH_STYLE: "false" });
    expect(config.s3).toMatchObject({
      bucket: "my.bucket-1",
      endpoint: undefined,
      region: "eu-west-3",
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it("reports every bad S3 value at once, never repeating a key", () => {
    const message = problems({
      S3_BUCKET: "Bad_Bucket",
      S3_ENDPOINT: "ftp://user:hunter2secret@files",
      S3_REGION: "eu west",
      S3_ACCESS_KEY_ID: "only-the-id",
      S3_FORCE_PATH_STYLE: "maybe",
      S3_PUBLIC_URL: "cdn.example.com",
      S3_TIMEOUT_MS: "0",
    });
    for (const key of [
      "S3_BUCKET",
      "S3_ENDPOINT",
      "S3_REGION",
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
      "S3_FORCE_PATH_STYLE",
      "S3_PUBLIC_URL",
      "S3_TIMEOUT_MS",
    ]) {
      expect(message).toContain(key);
    }
    expect(message).not.toContain("hunter2secret");
    expect(message).not.toContain("only-the-id");
  });

  it("refuses S3 variables without S3_BUCKET rather than silently keeping images on disk", () => {
    expect(problems({ S3_ENDPOINT: "http://minio:9000", S3_SECRET_ACCESS_KEY: "s" })).toContain(
      "S3_ENDPOINT, S3_SECRET_ACCESS_KEY are set but S3_BUCKET is not",
    );
  });
});
