import {
  buildASTSchema,
  introspectionFromSchema,
  Kind,
  parse,
  print,
  printSchema,
  visit,
  type FieldDefinitionNode,
  type GraphQLSchema,
  type InputValueDefinitionNode,
  type ObjectTypeDefinitionNode,
} from "graphql";

/**
 * The audit-trail API as agreed with the gateway (prompts' contract-audit):
 * `AuditEvent` with the list conventions, `revisions`, `restoreRevision`,
 * `version` on every updatable type and `expectedVersion` on every `updateX`.
 * While gateway/schema.graphql does not carry it yet, the tests add it here;
 * once the gateway emits it, this returns the gateway's schema unchanged.
 */
const AUDIT_SDL = `
type AuditEvent { id: ID! createdAt: DateTimeISO! actorId: Int actorName: String! transport: String! requestId: String ip: String
  resource: String! recordId: String operation: String! changes: String! txHash: String chainId: Int }
type AuditEventListMetadata { count: Int }
input AuditEventFilter { q: String ids: [ID!] id: ID actorId: Int resource: String recordId: String operation: String transport: String
  createdAt_gte: DateTimeISO createdAt_lte: DateTimeISO }
type Revision { eventId: ID! createdAt: DateTimeISO! actorName: String! operation: String! fields: [String!]! values: String! }
extend type Query {
  allAuditEvents(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: AuditEventFilter): [AuditEvent!]!
  _allAuditEventsMeta(page: Int, perPage: Int, filter: AuditEventFilter): AuditEventListMetadata
  AuditEvent(id: ID!): AuditEvent
  revisions(resource: String!, id: ID!): [Revision!]!
}
extend type Mutation { restoreRevision(eventId: ID!): AuditEvent! }
`;

export function withAuditContract(schema: GraphQLSchema): GraphQLSchema {
  if (schema.getType("AuditEvent")) return schema;
  const updatable = new Set(
    Object.keys(schema.getMutationType()!.getFields())
      .map((name) => /^update(.+)$/.exec(name)?.[1])
      .filter((type): type is string => !!type && !!schema.getType(type)),
  );
  const intType = parse("type T { f: Int }").definitions[0] as ObjectTypeDefinitionNode;
  const intField = (name: string, required: boolean): FieldDefinitionNode => {
    const field = intType.fields![0];
    const type = required ? { kind: Kind.NON_NULL_TYPE, type: field.type } : field.type;
    return { ...field, name: { kind: Kind.NAME, value: name }, type } as FieldDefinitionNode;
  };
  const document = visit(parse(printSchema(schema)), {
    ObjectTypeDefinition(node) {
      if (updatable.has(node.name.value)) return { ...node, fields: [...(node.fields ?? []), intField("version", true)] };
      if (node.name.value !== "Mutation") return undefined;
      return {
        ...node,
        fields: node.fields?.map((field) => {
          if (!/^update./.test(field.name.value) || !updatable.has(field.name.value.slice(6))) return field;
          const { name, type } = intField("expectedVersion", false);
          const arg: InputValueDefinitionNode = { kind: Kind.INPUT_VALUE_DEFINITION, name, type };
          return { ...field, arguments: [...(field.arguments ?? []), arg] };
        }),
      };
    },
  });
  return buildASTSchema(parse(print(document) + AUDIT_SDL));
}

/** The admin's shipped introspection (providers/schema.json) for a schema. */
export const introspectionOf = (schema: GraphQLSchema) => introspectionFromSchema(schema, { descriptions: false }).__schema;
