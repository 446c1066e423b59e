/**
 * Where the gateway lives. The gateway serves this app, so by default everything
 * is on the same origin; VITE_API_URL points a dev build elsewhere.
 */
declare const __API_URL__: string;
const configured = typeof __API_URL__ === "string" ? __API_URL__ : "";

export const apiBase = (): string =>
  (configured || (typeof window !== "undefined" ? window.location.origin : "http://localhost")).replace(/\/$/, "");

export const graphqlUrl = () => `${apiBase()}/graphql`;

/** Images are served by file name from the API host. */
export const imageUrl = (name: string | null | undefined) => (name ? `${apiBase()}/Images/${encodeURIComponent(name)}` : undefined);
