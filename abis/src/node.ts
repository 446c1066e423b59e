/** @presale/abis/node: the pure entry plus what needs Node (bytecode from disk, deployment, the local anvil chain). */
export * from "./index";
export * from "./artifacts";
export * from "./deploy";
export * from "./localChain";
export * from "./safeDeploy";
