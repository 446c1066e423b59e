import express, { Router, type RequestHandler, type Response } from "express";
import { pipeline } from "stream";
import { DiskImageStore } from "../images/diskStore";
import { contentTypeOf, isImageName } from "../images/names";
import type { ImageStore, StoredImageInfo } from "../images/store";

/** Names are content hashes, so an image never changes: it can be cached for a year. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** A redirect may change with S3_PUBLIC_URL, so it is not kept for ever. */
const REDIRECT_MAX_AGE_SECONDS = 60 * 60;

/**
 * Serves stored images by name: from the folder with express.static on the
 * disk store (which refuses paths outside the folder), streamed from the bucket
 * on the S3 store with the same headers, or redirected to S3_PUBLIC_URL.
 */
export function imagesRouter(store: ImageStore, publicUrl: string | null = null): Router {
  const router = Router();
  if (publicUrl) router.get("/:name", redirectTo(publicUrl));
  else if (store instanceof DiskImageStore) router.use(fromFolder(store.dir));
  else router.get("/:name", streamFrom(store));
  router.use((_req, res) => {
    res.status(404).json({ message: "Image not found" });
  });
  return router;
}

/** What every image answer carries, whichever store it comes from. */
function setImageHeaders(res: Response, name: string) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  // The public site, on another origin, embeds these images.
  res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  if (name.toLowerCase().endsWith(".svg")) {
    res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  }
}

const fromFolder = (dir: string) =>
  express.static(dir, {
    dotfiles: "deny",
    index: false,
    redirect: false,
    immutable: true,
    maxAge: MAX_AGE_SECONDS * 1000,
    etag: true,
    setHeaders: setImageHeaders,
  });

/**
 * A HEAD, or a GET that may be answered 304, reads the metadata only; any other
 * GET opens the object at once. A store that fails or does not answer in time
 * throws ServiceUnavailableError: 503 through the error handler.
 */
function streamFrom(store: ImageStore): RequestHandler {
  return async (req, res, next) => {
    const name = String(req.params.name);
    if (!isImageName(name)) return next();
    try {
      if (req.method === "HEAD" || req.headers["if-none-match"] || req.headers["if-modified-since"]) {
        const info = await store.stat(name);
        if (!info) return next();
        setStoredHeaders(res, name, info);
        if (req.fresh) return void res.status(304).end();
        if (req.method === "HEAD") return void res.status(200).end();
      }
      const image = await store.read(name);
      if (!image) return next();
      setStoredHeaders(res, name, image);
      res.status(200);
      // A body that breaks off midway cuts the answer short (its length was announced); nothing else can be said then.
      pipeline(image.body, res, () => undefined);
    } catch (e) {
      next(e);
    }
  };
}

function setStoredHeaders(res: Response, name: string, info: StoredImageInfo) {
  res.setHeader("Content-Type", contentTypeOf(name));
  res.setHeader("Content-Length", String(info.size));
  res.setHeader("Cache-Control", `public, max-age=${MAX_AGE_SECONDS}, immutable`);
  if (info.etag) res.setHeader("ETag", info.etag);
  if (info.lastModified) res.setHeader("Last-Modified", info.lastModified.toUTCString());
  setImageHeaders(res, name);
}

const redirectTo =
  (publicUrl: string): RequestHandler =>
  (req, res, next) => {
    const name = String(req.params.name);
    if (!isImageName(name)) return next();
    res.setHeader("Cache-Control", `public, max-age=${REDIRECT_MAX_AGE_SECONDS}`);
    res.redirect(302, `${publicUrl}/${name}`);
  };
