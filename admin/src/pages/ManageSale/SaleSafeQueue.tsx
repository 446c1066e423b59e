import { useTranslate } from "react-admin";
import { SafeQueue } from "../../safe/SafeQueue";
import { SaleSection } from "./SaleSection";
import { useSale } from "./useSale";

/** The owner Safe's queue for this presale: its proposals, their signatures, Confirm / Execute / Reject. */
export function SaleSafeQueue() {
  const translate = useTranslate();
  const { address, state, proposals, reload, history } = useSale();
  const safe = state?.ownerSafe;
  if (!safe) return null;
  return (
    <SaleSection title={translate("app.safe.queue")}>
      <SafeQueue
        safe={safe.address}
        to={address}
        refreshKey={proposals}
        onExecuted={(receipt) => {
          history.refetch();
          void reload(receipt.blockNumber);
        }}
      />
    </SaleSection>
  );
}
