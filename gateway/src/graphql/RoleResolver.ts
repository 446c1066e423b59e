import { Arg, Authorized, Ctx, FieldResolver, Int, Query, Resolver, Root } from "type-graphql";
import { builtInGrid, catalogue, policyOf } from "../auth/roles";
import { permissionsOf } from "../auth/permissions";
import { Role } from "../resources/role";
import { User } from "../resources/user";
import type { GqlContext } from "./context";
import { Permission, resourceTypes } from "./resourceTypes";

/** What the Roles screen shows beside a role's own fields: how many users have it (a role in use cannot be deleted). */
@Resolver(() => resourceTypes(Role).object)
export class RoleResolver {
  @FieldResolver(() => Int, { description: "How many users have this role" })
  userCount(@Root() role: { name: string }, @Ctx() ctx: GqlContext) {
    // Read by whoever may read roles (the role list itself was checked by its service).
    return ctx.services.ds.getRepository(User.name).countBy({ role: role.name });
  }

  /**
   * A built-in role's grant is computed from the resources' declarations, not
   * stored (its row holds []): the Roles screen shows what it really grants.
   */
  @FieldResolver(() => [Permission], {
    nullable: true,
    description: "Permissions: The actions granted per resource (the GraphQL type name)",
  })
  permissions(@Root() role: { name: string; builtIn?: unknown; permissions?: unknown }): unknown {
    const grid = Number(role.builtIn) ? builtInGrid(role.name) : undefined;
    return grid ? permissionsOf(grid) : role.permissions;
  }

  @Query(() => [Permission], {
    description:
      "Every resource (GraphQL type name) and the actions it offers: the grid a role or an API token is drawn on (the admin's Roles screen)",
  })
  @Authorized()
  permissionCatalogue(
    @Arg("forTokens", () => Boolean, {
      nullable: true,
      description: "Only what an API token may be given (no users, roles, sessions, tokens)",
    })
    forTokens: boolean | undefined,
    @Arg("forCustomRoles", () => Boolean, {
      nullable: true,
      description: "Only what a custom role may be given (users and roles: read and export)",
    })
    forCustomRoles: boolean | undefined,
  ): Permission[] {
    return [...catalogue()]
      .filter(([resource]) => !forTokens || !policyOf(resource).personal)
      .map(([resource, actions]) => ({
        resource,
        actions: forCustomRoles && policyOf(resource).givesRights ? actions.filter((a) => a === "read" || a === "export") : [...actions],
      }));
  }
}
