/** @presale/abis: the product's contracts (ABIs, bytecode), chain config per chain id, and the local anvil chain. */
export * from "./artifacts";
export * from "./chains";
export * from "./presales";
export * from "./deploy";
export * from "./localChain";
export * from "./provider";
