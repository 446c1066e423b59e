/** Who is signing in, and from where: kept with each sign-in event and session. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
}
