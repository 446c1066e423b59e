import { ApolloServer, ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { ApolloServerPluginLandingPageLocalDefault } from "@apollo/server/plugin/landingPage/default";
import { expressMiddleware } from "@as-integrations/express5";
import express, { type Request, RequestHandler, type Response, Router } from "express";
import { GraphQLError } from "graphql";
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from "../database";
import { graphqlAnswers, keptReadsOf } from "../cache/graphqlAnswers";
import { resources } from "../resources";
import { Role } from "../resources/role";
import { User } from "../resources/user";
import type { Services } from "../services";
import { clientOf } from "../http/client";
import { viaOf } from "../audit/via";
import { readAheadError } from "../http/keptAnswers";
import { authenticate, GqlContext } from "./context";
import { documentLimits } from "./documentLimits";
import { toGraphQLError } from "./errors";
import { graphqlProtection } from "./limits";
import { metricsPlugin } from "./metricsPlugin";
import { multipartGate } from "./multipart";
import { getSchema } from "./schema";
import { changeStreamRouter } from "./stream";
import { variableLimits } from "./variableLimits";

/** As many files as one request may carry. */
export const MAX_FILES = 20;

/**
 * An error the client did not cause is a 500 (or a 503 while the database is
 * away), never a 200 carrying an error: caches and monitors must see it.
 */
const errorStatus: ApolloServerPlugin<GqlContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== "single") return;
        const codes = new Set((response.body.singleResult.errors ?? []).map((e) => e.extensions?.code));
        const status = codes.has("INTERNAL_SERVER_ERROR")
          ? 500
          : codes.has("SERVICE_UNAVAILABLE")
            ? 503
            : // Apollo answers it with 200 (for clients that retry with the query text); ours never sent a hash.
              codes.has("PERSISTED_QUERY_NOT_SUPPORTED")
              ? 400
              : undefined;
        if (status && (response.http.status ?? 200) < status) response.http.status = status;
      },
    };
  },
};

/** A save's message (the one REST answers as data.message) leaves as extensions.message, for the admin's toast. */
const savedMessage: ApolloServerPlugin<GqlContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response, contextValue }) {
        if (response.body.kind !== "single" || !contextValue.savedMessage || response.body.singleResult.errors?.length) return;
        response.body.singleResult.extensions = { ...response.body.singleResult.extensions, message: contextValue.savedMessage };
      },
    };
  },
};

/** POST /graphql (JSON or multipart uploads) and, when enabled, the explorer at GET /graphql. */
export async function graphqlEndpoint(services: Services): Promise<{ router: Router; stop(): Promise<void> }> {
  const { config, log } = services;
  const schema = await getSchema();
  const protection = graphqlProtection(schema, config.graphql);
  const apollo = new ApolloServer<GqlContext>({
    schema,
    introspection: config.graphql.introspection,
    includeStacktraceInErrorResponses: false,
    csrfPrevention: true,
    // The admin sends the query text, and kept answers are keyed by it: nothing asks for automatic persisted queries.
    persistedQueries: false,
    // main.ts drains in-flight requests first; Apollo's own handler would stop it and re-raise the signal.
    stopOnTerminationSignals: false,
    validationRules: protection.validationRules,
    plugins: [
      ...protection.plugins,
      errorStatus,
      savedMessage,
      metricsPlugin,
      config.graphql.explorer ? ApolloServerPluginLandingPageLocalDefault({ embed: true }) : ApolloServerPluginLandingPageDisabled(),
    ],
    formatError: (formatted, error) => {
      const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
      if (isDatabaseUnavailable(original)) {
        log.warn({ err: original }, "database unavailable");
        return { message: DATABASE_UNAVAILABLE, extensions: { code: "SERVICE_UNAVAILABLE" } };
      }
      // graphql-armor words its refusals as syntax errors; they are limits.
      if (/^Syntax Error: .* limit of \d+ exceeded/.test(formatted.message)) {
        return { ...formatted, message: formatted.message.replace(/^Syntax Error: /, "Query refused: ") };
      }
      if (formatted.extensions?.code === "PERSISTED_QUERY_NOT_SUPPORTED") {
        return { ...formatted, message: "Persisted queries are not supported: send the query text without extensions.persistedQuery" };
      }
      const known = formatted.extensions?.code && formatted.extensions.code !== "INTERNAL_SERVER_ERROR";
      if (!known) {
        log.error({ err: original }, "GraphQL resolver failed");
        return { message: "Internal server error", extensions: { code: "INTERNAL_SERVER_ERROR" } };
      }
      return formatted;
    },
  });
  await apollo.start();

  /** The request's user, checked once per request (the multipart gate or the answer cache may have done it). */
  const authenticateOnce = async (req: Request, res: Response) => {
    if (!("user" in res.locals)) res.locals.user = await authenticate(services, req.headers.authorization, viaOf(req, "graphql"));
  };
  const contextOf = async (req: Request, res: Response): Promise<GqlContext> => {
    try {
      await authenticateOnce(req, res);
      return { user: res.locals.user, client: clientOf(req), via: viaOf(req, "graphql"), services };
    } catch (e) {
      throw toGraphQLError(e);
    }
  };

  // The auth service writes users (passwords, two-factor, sign-in state) without their service: their reads are never kept; nor roles (their userCount moves with users).
  const answers = graphqlAnswers(services, apollo, contextOf, authenticateOnce, keptReadsOf(resources, [User, Role]));
  const router = Router();
  // Before /graphql's own chain, which would take /graphql/stream as one of its paths.
  router.use(changeStreamRouter(services, schema, protection.validationRules));
  router.use(
    "/graphql",
    multipartGate(services, { maxFileBytes: config.maxUploadBytes, maxFiles: MAX_FILES }),
    express.json({ limit: config.maxJsonBytes }) as RequestHandler,
    readAheadError,
    // Before the answer cache: it keys a request by its variables, recursing over them.
    variableLimits,
    // A kept answer's document and variables passed the limits when it was built: it goes out before they parse it again.
    answers.kept,
    documentLimits(config.graphql),
    answers.build,
    expressMiddleware(apollo, { context: ({ req, res }) => contextOf(req, res) }),
  );
  return { router, stop: () => apollo.stop() };
}
