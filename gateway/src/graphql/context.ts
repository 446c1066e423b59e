import type { AuthUser } from "../auth/tokens";
import type { Services } from "../services";

export interface GqlContext {
  user?: AuthUser;
  ip: string;
  services: Services;
}
