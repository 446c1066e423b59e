import express, { Router } from "express";

/**
 * Serves stored images by name. Names are content hashes, so a file never
 * changes: it can be cached for a year. express.static refuses paths outside the folder.
 */
export function imagesRouter(dir: string): Router {
  const router = Router();
  router.use(
    express.static(dir, {
      dotfiles: "deny",
      index: false,
      redirect: false,
      immutable: true,
      maxAge: "365d",
      etag: true,
      setHeaders(res, file) {
        res.setHeader("X-Content-Type-Options", "nosniff");
        // The public site, on another origin, embeds these images.
        res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
        if (file.endsWith(".svg")) {
          res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
        }
      },
    }),
  );
  router.use((_req, res) => {
    res.status(404).json({ message: "Image not found" });
  });
  return router;
}
