import { Arg, Args, ArgsType, Ctx, Extensions, Field, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import type { AnyResource } from "../resources/kit/define";
import { savedMessage } from "../resources/kit/messages";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, sortFieldsOf } from "../resources/kit/query";
import { rowCostOf } from "./limits";
import { fromGraphQLUpload } from "../resources/kit/uploads";
import type { GqlContext } from "./context";
import { ListMetadata, resourceTypes } from "./resourceTypes";

type Input = Record<string, unknown>;

/** A mutation the declaration does not offer is left out of the schema. */
const offered = (on: boolean, decorator: MethodDecorator): MethodDecorator => (on ? decorator : () => undefined);

/**
 * The ra-data-graphql-simple operations of one resource (allX, _allXMeta, X,
 * createX, updateX, deleteX), as a type-graphql resolver class. Access is not
 * decided here: the resource service checks it for every transport.
 */
export function resourceResolver(resource: AnyResource): Function {
  const types = resourceTypes(resource);
  const service = (ctx: GqlContext) => ctx.services.resource(resource);

  /** Turns graphql-upload promises into UploadedFiles the service can read. */
  const withFiles = (args: Input, ctx: GqlContext): Input => {
    const input: Input = { ...args };
    const max = ctx.services.config.maxUploadBytes;
    for (const spec of Object.values(resource.fields)) {
      if (spec.kind === "image" && spec.upload in input) input[spec.upload] = fromGraphQLUpload(input[spec.upload], max);
    }
    for (const [name, extra] of Object.entries(resource.extraArgs ?? {})) {
      if (extra.type === "uploads" && Array.isArray(input[name]))
        input[name] = (input[name] as unknown[]).map((u) => fromGraphQLUpload(u, max));
    }
    return input;
  };

  @ArgsType()
  class ListArgs {
    @Field(() => Int, { nullable: true, description: "0-based page number" }) page?: number;
    @Field(() => Int, { nullable: true, description: `Rows per page (default ${DEFAULT_PER_PAGE}, at most ${MAX_PER_PAGE})` })
    perPage?: number;
    @Field(() => String, {
      nullable: true,
      description: `The field to sort by (default ${resource.defaultSort.field}); sortable: ${sortFieldsOf(resource).join(", ")}`,
    })
    sortField?: string;
    @Field(() => String, { nullable: true, description: "ASC or DESC" }) sortOrder?: string;
    @Field(() => types.filter, { nullable: true }) filter?: Input;
  }

  @Resolver(() => types.object)
  class ResourceResolver {
    @Query(() => [types.object], { name: `all${resource.plural}` })
    @Extensions({ rowCost: rowCostOf(resource) })
    list(@Args(() => ListArgs) args: ListArgs, @Ctx() ctx: GqlContext) {
      return service(ctx).list({ ...args, perPage: args.perPage ?? DEFAULT_PER_PAGE }, ctx.user);
    }

    // ra-data-graphql-simple sends the list's paging and sorting with the count too; they do not change it.
    @Query(() => ListMetadata, { name: `_all${resource.plural}Meta` })
    async meta(@Args(() => ListArgs) { filter }: ListArgs, @Ctx() ctx: GqlContext) {
      return { count: await service(ctx).count(filter, ctx.user) };
    }

    @Query(() => types.object, { name: resource.name })
    one(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
      return service(ctx).get(id, ctx.user);
    }

    @offered(resource.operations.create, Mutation(() => types.object, { name: `create${resource.name}` }))
    async create(@Args(() => types.createArgs) args: Input, @Ctx() ctx: GqlContext) {
      const row = await service(ctx).create(withFiles(args, ctx), ctx.user, ctx.via);
      ctx.savedMessage = savedMessage(resource, "create");
      return row;
    }

    @offered(resource.operations.update, Mutation(() => types.object, { name: `update${resource.name}` }))
    async update(@Args(() => types.updateArgs) { id, ...args }: Input, @Ctx() ctx: GqlContext) {
      const row = await service(ctx).update(id, withFiles(args, ctx), ctx.user, ctx.via);
      ctx.savedMessage = savedMessage(resource, "update");
      return row;
    }

    @offered(resource.operations.delete, Mutation(() => types.object, { name: `delete${resource.name}` }))
    async remove(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
      const row = await service(ctx).remove(id, ctx.user, ctx.via);
      ctx.savedMessage = savedMessage(resource, "remove");
      return row;
    }
  }
  Object.defineProperty(ResourceResolver, "name", { value: `${resource.name}Resolver` });
  return ResourceResolver;
}
