import express, { Router } from "express";
import { existsSync } from "fs";
import path from "path";

/** The built admin app at `/`, with index.html for its client-side routes. */
export function adminRouter(dist: string): Router {
  const router = Router();
  const index = path.join(dist, "index.html");
  router.use(express.static(dist, { index: false, maxAge: "1h", setHeaders: immutableAssets }));
  router.get(/.*/, (req, res, next) => {
    if (!req.accepts("html") || !existsSync(index)) return next();
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(index);
  });
  return router;
}

function immutableAssets(res: express.Response, file: string) {
  if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
}
