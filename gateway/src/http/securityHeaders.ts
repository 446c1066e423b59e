import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Config } from "../config";

/**
 * What WalletConnect v2 reaches from the browser when it is configured: the
 * relay (WebSocket), its RPC and the verify API; the verify iframe; Reown's
 * modal assets (wallet logos, project config).
 */
const WALLETCONNECT_CONNECT = [
  "wss://relay.walletconnect.com",
  "wss://relay.walletconnect.org",
  "https://rpc.walletconnect.com",
  "https://rpc.walletconnect.org",
  "https://verify.walletconnect.com",
  "https://verify.walletconnect.org",
  "https://pulse.walletconnect.org",
  "https://api.web3modal.org",
  "https://explorer-api.walletconnect.com",
];
const WALLETCONNECT_FRAMES = ["https://verify.walletconnect.com", "https://verify.walletconnect.org"];
const WALLETCONNECT_IMAGES = ["https://api.web3modal.org", "https://explorer-api.walletconnect.com"];

/** What Apollo's explorer page loads (its own <meta> CSP, with a nonce, narrows this further). */
const EXPLORER = {
  scripts: [
    "https://apollo-server-landing-page.cdn.apollographql.com",
    "https://embeddable-sandbox.cdn.apollographql.com",
    "https://embeddable-explorer.cdn.apollographql.com",
  ],
  styles: [
    "https://apollo-server-landing-page.cdn.apollographql.com",
    "https://embeddable-sandbox.cdn.apollographql.com",
    "https://embeddable-explorer.cdn.apollographql.com",
    "https://fonts.googleapis.com",
  ],
  frames: ["https://explorer.embed.apollographql.com", "https://sandbox.embed.apollographql.com"],
  fonts: ["https://fonts.gstatic.com"],
  images: ["https://apollo-server-landing-page.cdn.apollographql.com"],
};

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/** Sources every page may use; the admin adds its chain and wallet, the explorer its CDN. */
const base = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  fontSrc: ["'self'", "data:"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'", "blob:"],
  upgradeInsecureRequests: null,
};

/**
 * The security headers (helmet): a strict CSP, no framing, no referrer across
 * origins, no powerful browser features, HSTS only over https.
 */
export function securityHeaders(config: Config): RequestHandler[] {
  const walletConnect = Boolean(config.walletConnectProjectId);
  const rpc = originOf(config.chain?.rpcUrl);
  const admin = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...base,
        scriptSrc: ["'self'"],
        // MUI (emotion) inserts <style> elements at run time, and index.html holds the boot style.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Rich text may show images from any https site; the admin's own come from /Images.
        imgSrc: ["'self'", "data:", "blob:", "https:", ...(walletConnect ? WALLETCONNECT_IMAGES : [])],
        // The chain's RPC is read from the browser; WalletConnect only when it is configured.
        connectSrc: ["'self'", ...(rpc ? [rpc] : []), ...(walletConnect ? WALLETCONNECT_CONNECT : [])],
        frameSrc: walletConnect ? WALLETCONNECT_FRAMES : ["'none'"],
      },
    },
    // Wallet extensions and WalletConnect open popups that must keep their opener.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
    // Set below, only for requests that came over https.
    strictTransportSecurity: false,
  });
  const explorer = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      ...base,
      scriptSrc: ["'self'", "'unsafe-inline'", ...EXPLORER.scripts],
      styleSrc: ["'self'", "'unsafe-inline'", ...EXPLORER.styles],
      imgSrc: ["'self'", "data:", ...EXPLORER.images],
      fontSrc: ["'self'", "data:", ...EXPLORER.fonts],
      connectSrc: ["'self'"],
      frameSrc: EXPLORER.frames,
    },
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });

  return [
    admin,
    (req, res, next) => {
      res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=()");
      // Only as express sees it: X-Forwarded-Proto counts when TRUST_PROXY trusts the proxy.
      if (!req.secure) return next();
      hsts(req, res, next);
    },
    (req, res, next) => {
      if (config.graphql.explorer && req.method === "GET" && req.path === "/graphql") return explorer(req, res, next);
      next();
    },
  ];
}
