import { GraphQLBoolean, GraphQLInt, GraphQLScalarType, GraphQLString } from "graphql";
import { ArgsType, Field, GraphQLISODateTime, ID, InputType, ObjectType } from "type-graphql";
import { type AnyResource, isVersioned } from "../resources/kit/define";
import { FieldSpec, labelOf } from "../resources/kit/fields";
import { filterFieldsOf, RANGE_SUFFIXES } from "../resources/kit/query";
import { GraphQLUpload } from "./upload";

type Class = { new (): object; prototype: object };
type TypeRef = GraphQLScalarType | Class | [GraphQLScalarType | Class];

/** A named class for type-graphql to decorate: one per generated GraphQL type. */
const named = (name: string): Class => ({ [name]: class {} })[name] as Class;

const addField = (cls: Class, name: string, type: TypeRef, nullable: boolean | "itemsAndList", description?: string) =>
  Field(() => type, { nullable, description })(cls.prototype, name);

@ObjectType({ description: "A landing block's content item", simpleResolvers: true })
export class ContentBlock {
  @Field(() => String, { nullable: true }) title?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true, description: "Image file name, served at /Images/{imageUri}" })
  imageUri?: string;
}

@InputType({ description: "A landing block's content item; `imageUri` keeps an existing image" })
export class ContentBlockInput {
  @Field(() => String, { nullable: true }) title?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) imageUri?: string;
}

@ObjectType({ description: "What a role grants on one resource (the GraphQL type name): read, create, update, delete, export, chain" })
export class Permission {
  @Field(() => String) resource: string;
  @Field(() => [String]) actions: string[];
}

@InputType({ description: "What a role grants on one resource (the GraphQL type name): read, create, update, delete, export, chain" })
export class PermissionInput {
  @Field(() => String) resource: string;
  @Field(() => [String]) actions: string[];
}

@ObjectType({ description: "How many records a list filter matches" })
export class ListMetadata {
  @Field(() => GraphQLInt) count: number;
}

function outputType(spec: FieldSpec): TypeRef {
  switch (spec.kind) {
    case "int":
      return GraphQLInt;
    case "bool":
      return GraphQLBoolean;
    case "blocks":
      return [ContentBlock];
    case "permissions":
      return [Permission];
    case "strings":
      return [GraphQLString];
    case "datetime":
      return GraphQLISODateTime;
    default:
      return GraphQLString;
  }
}

function inputType(spec: FieldSpec): TypeRef {
  if (spec.kind === "blocks") return [ContentBlockInput];
  if (spec.kind === "permissions") return [PermissionInput];
  return outputType(spec);
}

const describe = (name: string, spec: FieldSpec) => {
  const notes = [
    spec.doc,
    spec.required && "required",
    spec.kind === "string" && `at most ${spec.max} characters`,
    spec.kind === "address" && "an EVM address",
    spec.kind === "amount" && "a decimal number, as text",
    spec.kind === "uint" && "a whole number of base units, as decimal text",
    spec.kind === "html" && "rich text (sanitised HTML)",
    spec.kind === "image" && "image file name, served at /Images/{name}",
  ].filter(Boolean);
  return notes.length ? `${labelOf(name, spec)}: ${notes.join("; ")}` : undefined;
};

export interface ResourceTypes {
  object: Class;
  filter: Class;
  createArgs: Class;
  updateArgs: Class;
}

// Built once per process: type-graphql keeps its metadata globally.
const cache = new Map<AnyResource, ResourceTypes>();

/** The GraphQL types generated from a resource's declaration, in ra-data-graphql-simple's conventions. */
export function resourceTypes(resource: AnyResource): ResourceTypes {
  let types = cache.get(resource);
  if (!types) cache.set(resource, (types = buildTypes(resource)));
  return types;
}

function buildTypes(resource: AnyResource): ResourceTypes {
  const object = named(resource.name);
  addField(object, "id", ID, false);
  for (const [name, spec] of Object.entries(resource.fields)) {
    if (!spec.hidden) addField(object, name, outputType(spec), !spec.required || spec.kind === "constant", describe(name, spec));
  }
  addField(object, "createdAt", GraphQLISODateTime, false);
  addField(object, "updatedAt", GraphQLISODateTime, false);
  if (isVersioned(resource))
    addField(object, "version", GraphQLInt, false, "1 on create, +1 on each save; send it back as expectedVersion");
  // Plain properties: no middleware or auth per field (type-graphql's default wraps each one in an async
  // resolver, which made 1,000 rows of 10 fields cost ~300 ms of the event loop). Access is checked per operation.
  ObjectType(resource.name, { description: resource.doc, simpleResolvers: true })(object);

  const filter = named(`${resource.name}Filter`);
  addField(filter, "q", GraphQLString, true, "Text search over the text fields");
  addField(filter, "ids", [ID], true);
  addField(filter, "id", ID, true);
  for (const [name, spec] of filterFieldsOf(resource)) {
    addField(filter, name, outputType(spec), true);
    if (spec.kind === "int" || spec.kind === "datetime") RANGE_SUFFIXES.forEach((s) => addField(filter, name + s, outputType(spec), true));
  }
  for (const name of ["createdAt", "updatedAt"]) {
    RANGE_SUFFIXES.forEach((s) => addField(filter, name + s, GraphQLISODateTime, true));
  }
  InputType(`${resource.name}Filter`)(filter);

  const args = (kind: "Create" | "Update") => {
    const cls = named(`${kind}${resource.name}Args`);
    if (kind === "Update") {
      addField(cls, "id", ID, false);
      addField(
        cls,
        "expectedVersion",
        GraphQLInt,
        true,
        "The version the edit started from: a save over a newer one is refused (CONFLICT)",
      );
    }
    for (const [name, spec] of Object.entries(resource.fields)) {
      if (spec.hidden || spec.kind === "constant") continue;
      if (spec.kind === "image") addField(cls, spec.upload, GraphQLUpload, true, describe(name, spec));
      else if (!spec.readOnly) addField(cls, name, inputType(spec), true, describe(name, spec));
    }
    for (const [name, extra] of Object.entries(resource.extraArgs ?? {})) {
      if (extra.type === "uploads") addField(cls, name, [GraphQLUpload], "itemsAndList", extra.doc);
      else addField(cls, name, GraphQLString, true, extra.doc);
    }
    ArgsType()(cls);
    return cls;
  };

  return { object, filter, createArgs: args("Create"), updateArgs: args("Update") };
}
