/**
 * Stands in for @ethersproject/providers (ethers v5), which @web3-react/core
 * imports optionally to offer a v5 Web3Provider. This app wraps the connector
 * in an ethers 6 BrowserProvider instead, so the ~195 KB of v5 code is left
 * out of the wallet chunk; web3-react then simply offers no v5 provider.
 */
export {};
