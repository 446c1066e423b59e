import { readElsewhere, settingGroup } from "./setting";

export const toolSettings = settingGroup({
  title: "Build time and tools",
  intro: "Read by the admin's build or by the local chain, not by the gateway's configuration.",
  settings: {
    VITE_WALLETCONNECT_PROJECT_ID: readElsewhere("admin/src/chain/walletConnect.ts", {
      unset: "none",
      description: "WalletConnect project id built into the admin (`npm run build -w admin`), used when the gateway serves none",
    }),
    VITE_API_URL: readElsewhere("admin/vite.config.ts", {
      unset: "same origin",
      description: "the gateway a development build of the admin calls",
    }),
    ANVIL_BIN: readElsewhere("abis/src/localChain.ts", {
      unset: "the `@foundry-rs/anvil` package's binary",
      description: "an anvil executable to run for `CHAIN=local` instead",
    }),
  },
});
