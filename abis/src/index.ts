/**
 * @presale/abis, the pure entry: contract names and ABIs, the chain table,
 * units and lock days, presale arguments and reads, image rules. No Node API:
 * the admin bundles it, the gateway and the tests import it.
 * `@presale/abis/node` adds compiling, deploying and the local anvil chain.
 */
export * from "./contracts";
export * from "./chains";
export * from "./images";
export * from "./presales";
export * from "./provider";
export * from "./receipts";
export * from "./safe";
