import { Arg, Args, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import type { GqlContext } from "../../graphql/context";
import type { Access, Resource } from "./define";
import { ListMetadata, ResourceTypes } from "./graphqlTypes";
import { MAX_PER_PAGE } from "./query";
import { fromGraphQLUpload } from "./uploads";

export const DEFAULT_PER_PAGE = 25;

type Method = (...args: any[]) => unknown;
type Param = (prototype: object, key: string, index: number) => void;

/** Marks a resolver method with the access level of the declaration. */
const guard = (access: Access): MethodDecorator =>
  access === "public" ? () => undefined : access === "admin" ? Authorized("admin") : Authorized();

/**
 * The ra-data-graphql-simple operations of one resource:
 * allX, _allXMeta, X, createX, updateX, deleteX.
 */
export function buildResolver(r: Resource, t: ResourceTypes): Function {
  const cls = { [`${r.name}Resolver`]: class {} }[`${r.name}Resolver`];
  const proto = cls.prototype as Record<string, Method>;
  const service = (ctx: GqlContext) => ctx.services.resource(r);

  const define = (key: string, fn: Method, operation: MethodDecorator, params: Param[], access: Access) => {
    proto[key] = fn;
    const descriptor = Object.getOwnPropertyDescriptor(proto, key)!;
    operation(proto, key, descriptor);
    params.forEach((param, index) => param(proto, key, index));
    guard(access)(proto, key, descriptor);
  };

  /** Turns graphql-upload promises into UploadedFiles the service can read. */
  const withFiles = (args: Record<string, unknown>, ctx: GqlContext) => {
    const input: Record<string, unknown> = { ...args };
    const max = ctx.services.config.maxUploadBytes;
    for (const spec of Object.values(r.fields)) {
      if (spec.kind === "image" && spec.upload in input) input[spec.upload] = fromGraphQLUpload(input[spec.upload], max);
    }
    for (const [name, extra] of Object.entries(r.extraArgs ?? {})) {
      if (extra.type === "uploads" && Array.isArray(input[name])) {
        input[name] = (input[name] as unknown[]).map((u) => fromGraphQLUpload(u, max));
      }
    }
    return input;
  };

  const listArgs = [
    Arg("page", () => Int, { nullable: true, description: "0-based page number" }),
    Arg("perPage", () => Int, { nullable: true, description: `Rows per page (default ${DEFAULT_PER_PAGE}, at most ${MAX_PER_PAGE})` }),
    Arg("sortField", () => String, { nullable: true }),
    Arg("sortOrder", () => String, { nullable: true, description: "ASC or DESC" }),
    Arg("filter", () => t.filter, { nullable: true }),
  ];

  define(
    "list",
    (page, perPage, sortField, sortOrder, filter, ctx: GqlContext) =>
      service(ctx).list({ page, perPage: perPage ?? DEFAULT_PER_PAGE, sortField, sortOrder, filter }),
    Query(() => [t.object], { name: `all${r.plural}` }),
    [...listArgs, Ctx()],
    r.access.read,
  );
  // ra-data-graphql-simple sends the list's paging and sorting with the count too; they do not change it.
  define(
    "meta",
    async (_page, _perPage, _sortField, _sortOrder, filter, ctx: GqlContext) => ({ count: await service(ctx).count(filter) }),
    Query(() => ListMetadata, { name: `_all${r.plural}Meta` }),
    [...listArgs, Ctx()],
    r.access.read,
  );
  define(
    "one",
    (id, ctx: GqlContext) => service(ctx).get(id),
    Query(() => t.object, { name: r.name }),
    [Arg("id", () => ID), Ctx()],
    r.access.read,
  );
  if (r.operations.create) {
    define(
      "create",
      (args, ctx: GqlContext) => service(ctx).create(withFiles(args, ctx), ctx.user),
      Mutation(() => t.object, { name: `create${r.name}` }),
      [Args(() => t.createArgs), Ctx()],
      r.access.write,
    );
  }
  if (r.operations.update) {
    define(
      "update",
      ({ id, ...args }, ctx: GqlContext) => service(ctx).update(id, withFiles(args, ctx), ctx.user),
      Mutation(() => t.object, { name: `update${r.name}` }),
      [Args(() => t.updateArgs), Ctx()],
      r.access.write,
    );
  }
  if (r.operations.delete) {
    define(
      "remove",
      (id, ctx: GqlContext) => service(ctx).remove(id, ctx.user),
      Mutation(() => t.object, { name: `delete${r.name}` }),
      [Arg("id", () => ID), Ctx()],
      r.access.write,
    );
  }
  Resolver(() => t.object)(cls);
  return cls;
}
