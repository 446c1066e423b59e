import type { ApolloServerPlugin } from "@apollo/server";
import { errorsByCode, graphqlDuration, graphqlOperations, limiterBlocks } from "../metrics";

/** Distinct operation names kept as labels; later new names count as "other" (clients choose names). */
const MAX_OPERATION_NAMES = 200;
const seen = new Set<string>();

function operationLabel(name: string | null | undefined): string {
  if (!name) return "anonymous";
  if (seen.has(name)) return name;
  if (seen.size >= MAX_OPERATION_NAMES || !/^[_A-Za-z][_0-9A-Za-z]{0,63}$/.test(name)) return "other";
  seen.add(name);
  return name;
}

/** Counts and times each GraphQL operation and its errors by code. */
export const metricsPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    const started = process.hrtime.bigint();
    return {
      async willSendResponse({ response, operationName, operation }) {
        // An operation that did not parse or validate has no trusted name: its name is whatever the client sent.
        const operationLabelValue = operation ? operationLabel(operation.name?.value ?? operationName) : "invalid";
        const type = operation?.operation ?? "none";
        const errors = response.body.kind === "single" ? (response.body.singleResult.errors ?? []) : [];
        for (const error of errors) {
          const code = String(error.extensions?.code ?? "UNKNOWN").slice(0, 40);
          errorsByCode.inc({ transport: "graphql", code });
          if (code === "TOO_MANY_REQUESTS") limiterBlocks.inc({ transport: "graphql" });
        }
        graphqlOperations.inc({ operation: operationLabelValue, type, outcome: errors.length ? "error" : "ok" });
        graphqlDuration.observe({ operation: operationLabelValue, type }, Number(process.hrtime.bigint() - started) / 1e9);
      },
    };
  },
};
