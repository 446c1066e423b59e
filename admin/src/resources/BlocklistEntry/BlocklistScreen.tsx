import { useCallback, useState } from "react";
import { useRefresh } from "react-admin";
import { ConnectButton, USER_WALLET_KEY, WalletProvider } from "../../chain";
import { useAllowed } from "../../ui/access";
import { AddButton } from "../../ui/AddButton";
import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { AddBlocklistDialog } from "./AddBlocklistDialog";
import { ChainStatusCell, ChainStatusContext, ChainStatusLoader, type ChainRead, type ChainStatuses } from "./chainStatus";
import { RemoveBlockedButton } from "./RemoveBlockedButton";

const LABELS = "resources.blocklist";

function Blocklist() {
  const refresh = useRefresh();
  // Blocking and unblocking record a chain transaction too.
  const chain = useAllowed("chain");
  const mayAdd = useAllowed("create") && chain;
  const mayRemove = useAllowed("delete") && chain;
  const [open, setOpen] = useState(false);
  const [statuses, setStatuses] = useState<ChainStatuses>({});
  const [read, setRead] = useState<ChainRead>({ version: 0 });
  const done = useCallback(
    (minBlock?: number) => {
      setRead((r) => ({ version: r.version + 1, minBlock: minBlock ?? r.minBlock }));
      refresh();
    },
    [refresh],
  );
  return (
    <ChainStatusContext.Provider value={statuses}>
      <CrudList
        title={`${LABELS}.title`}
        sort={{ field: "createdAt", order: "DESC" }}
        actions={
          <>
            <ConnectButton size="small" />
            {mayAdd && <AddButton label={`${LABELS}.add`} onClick={() => setOpen(true)} />}
          </>
        }
        aside={<ChainStatusLoader read={read} statuses={statuses} onLoaded={setStatuses} />}
        columns={[
          col.serial(),
          col.text("walletAddress", `${LABELS}.fields.walletAddress`, { sortable: true }),
          col.text("onChain", `${LABELS}.fields.chain`, {
            render: () => <ChainStatusCell />,
            exportValue: (r) =>
              statuses[String(r.walletAddress).toLowerCase()] === undefined ? "" : String(statuses[String(r.walletAddress).toLowerCase()]),
          }),
          col.datetime("createdAt", `${LABELS}.fields.date`, { sortable: true }),
          ...(mayRemove ? [col.actions("delete", "app.list.delete", () => <RemoveBlockedButton onDone={done} />)] : []),
        ]}
      >
        <AddBlocklistDialog open={open} onClose={() => setOpen(false)} onDone={done} />
      </CrudList>
    </ChainStatusContext.Provider>
  );
}

/**
 * The wallet blocklist: each address blocked on the sale token and listed
 * here; adding and deleting go through the token from the connected wallet
 * (address kept under localStorage 'userwallet'), and rows the chain disagrees
 * with are marked.
 */
export default function BlocklistScreen() {
  return (
    <WalletProvider saveAddressKey={USER_WALLET_KEY}>
      <Blocklist />
    </WalletProvider>
  );
}
