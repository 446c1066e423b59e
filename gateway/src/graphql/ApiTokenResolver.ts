import {
  Arg,
  Args,
  ArgsType,
  Ctx,
  Field,
  GraphQLISODateTime,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from "type-graphql";
import { TOKEN_SORT_FIELDS } from "../auth/apiTokens";
import { callerOf, type GqlContext } from "./context";
import { ListMetadata, Permission, PermissionInput } from "./resourceTypes";

@ObjectType({
  description: "An API token: a key for integrations, acting as its owner within its permissions. Its secret is never shown again.",
})
class ApiToken {
  @Field(() => ID) id: string;
  @Field(() => Int, { description: "Whose token it is" }) userId: number;
  @Field(() => String, { nullable: true }) userName: string | null;
  @Field(() => String) name: string;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => Boolean, { description: "Only the read actions of the owner's role" }) readOnly: boolean;
  @Field(() => [Permission], { nullable: true, description: "Its own grid (a subset of the owner's role); null: the owner's role" })
  permissions: Permission[] | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: "When it stops working; null: never" }) expiresAt: Date | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: "Last request made with it (recorded at most once a minute)" })
  lastUsedAt: Date | null;
  @Field(() => String, { nullable: true, description: "The address of that request" }) lastUsedIp: string | null;
  @Field(() => Boolean) revoked: boolean;
  @Field(() => GraphQLISODateTime) createdAt: Date;
}

@ObjectType({ description: "A new API token: `token` is the only time its secret is shown" })
class NewApiToken {
  @Field(() => String, { description: "pk_…: send it as `Authorization: Bearer pk_…`; keep it, it is not shown again" })
  token: string;
  @Field(() => ApiToken) apiToken: ApiToken;
}

@InputType()
class ApiTokenFilter {
  @Field(() => String, { nullable: true, description: "Searches name and description" }) q?: string;
  @Field(() => Int, { nullable: true, description: "Whose tokens (admins)" }) userId?: number;
  @Field(() => Boolean, { nullable: true }) revoked?: boolean;
}

@ArgsType()
class ApiTokenListArgs {
  @Field(() => Int, { nullable: true, description: "0-based page number" }) page?: number;
  @Field(() => Int, { nullable: true, description: "Rows per page (default 25, at most 1000)" }) perPage?: number;
  @Field(() => String, { nullable: true, description: `The field to sort by (default id); sortable: ${TOKEN_SORT_FIELDS.join(", ")}` })
  sortField?: string;
  @Field(() => String, { nullable: true, description: "ASC or DESC" }) sortOrder?: string;
  @Field(() => ApiTokenFilter, { nullable: true }) filter?: ApiTokenFilter;
}

/** API tokens: made by a signed-in person for themselves, never with a token (the service checks each call). */
@Resolver()
export class ApiTokenResolver {
  @Mutation(() => NewApiToken, { description: "Makes an API token for the signed-in user; the secret is in `token`, shown only now" })
  createApiToken(
    @Arg("name", () => String) name: string,
    @Arg("description", () => String, { nullable: true }) description: string | undefined,
    @Arg("expiresInDays", () => Int, { nullable: true, description: "7, 30 or 90; none: never expires" }) expiresInDays: number | undefined,
    @Arg("readOnly", () => Boolean, { nullable: true, description: "Only the read actions of your role" }) readOnly: boolean | undefined,
    @Arg("permissions", () => [PermissionInput], { nullable: true, description: "Its own grid, within your role" })
    permissions: PermissionInput[] | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.apiTokens.create(callerOf(ctx), { name, description, expiresInDays, readOnly, permissions }, ctx.via);
  }

  @Mutation(() => Boolean, { description: "Revokes a token (yours; admins: anyone's): every replica refuses it from now on" })
  revokeApiToken(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.apiTokens.revoke(callerOf(ctx), id, ctx.via);
  }

  @Query(() => [ApiToken], { description: "Your API tokens (admins: everyone's)" })
  allApiTokens(@Args(() => ApiTokenListArgs) args: ApiTokenListArgs, @Ctx() ctx: GqlContext) {
    return ctx.services.apiTokens.list(callerOf(ctx), args);
  }

  @Query(() => ListMetadata)
  async _allApiTokensMeta(@Args(() => ApiTokenListArgs) { filter }: ApiTokenListArgs, @Ctx() ctx: GqlContext) {
    return { count: await ctx.services.apiTokens.count(callerOf(ctx), filter) };
  }
}
