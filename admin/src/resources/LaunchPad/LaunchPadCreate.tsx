/**
 * 'Add LaunchPadv': creates the presale through the factory from the
 * connected wallet, reads its address back, then saves the LaunchPad record.
 * Loaded lazily (it brings the chain layer).
 */
import { Stack } from "@mui/material";
import { useState, type ReactNode } from "react";
import { SelectInput, TextInput, useDataProvider, useNotify, useRefresh, useTranslate } from "react-admin";
import { ZeroAddress, type TransactionReceipt } from "ethers";
import { interfaceOf, readOne, requireChainConfig, sameAddress, sendTransaction, WalletProvider } from "../../chain";
import { ChainFormDialog } from "../../chainForms/ChainFormDialog";
import { TokenInputs, ValueInput } from "../../chainForms/TokenInputs";
import { ChainProgress, saveErrorOf, useChainFlow } from "../../chainForms/useChainFlow";
import { useWalletGate } from "../../chainForms/useWalletGate";
import { graphql } from "../../gql";
import { graphqlRequest } from "../../providers/graphqlFetch";
import { checkLaunchPad, createPresaleArgs, launchPadRecord, PIDS, type LaunchPadValues } from "./launchPadForm";
import { lockDaysForPid } from "@presale/abis";

export interface LaunchPadCreateProps {
  open: boolean;
  onClose(): void;
}

export default function LaunchPadCreate(props: LaunchPadCreateProps) {
  return (
    <WalletProvider>
      <LaunchPadDialog {...props} />
    </WalletProvider>
  );
}

const RECONCILE = graphql(`
  mutation ReconcileLaunchPads {
    reconcileLaunchPads
  }
`);

/** The presale address of the factory's PresaleCreated event in a receipt. */
function presaleCreatedIn(receipt: TransactionReceipt, factory: string): string {
  const iface = interfaceOf("PresaleFactory");
  for (const log of receipt.logs) {
    if (!sameAddress(log.address, factory)) continue;
    const parsed = iface.parseLog({ topics: [...log.topics], data: log.data });
    if (parsed?.name === "PresaleCreated") return parsed.args.presale as string;
  }
  throw new Error(`No PresaleCreated event in transaction ${receipt.hash}`);
}

/** Two inputs side by side (BNB / BUSD), stacked on narrow screens. */
const Pair = ({ children }: { children: ReactNode }) => (
  <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ "& > *": { flex: 1 } }}>
    {children}
  </Stack>
);

const label = (field: string) => `resources.LaunchPad.fields.${field}`;

function LaunchPadDialog({ open, onClose }: LaunchPadCreateProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const gate = useWalletGate();
  const flow = useChainFlow();
  const [formKey, setFormKey] = useState(0);
  const [presaleAddress, setPresaleAddress] = useState<string | null>(null);

  const pidChoices = PIDS.map((pid) => ({
    id: pid,
    name: translate("resources.LaunchPad.pool_choice", { pid, smart_count: lockDaysForPid(pid) }),
  }));

  const submit = async (values: LaunchPadValues) => {
    const checked = checkLaunchPad(values);
    if ("errors" in checked) return checked.errors;
    const valid = checked.ok;

    let address: string;
    try {
      flow.go("wallet");
      const wallet = await gate.requireWallet();
      const config = await requireChainConfig();
      flow.go("checking");
      const receipt = await sendTransaction({
        contract: "PresaleFactory",
        fn: "createPresale",
        args: createPresaleArgs(valid, config.contracts.staking),
        wallet,
        onSubmitted: () => flow.go("mining"),
      });
      flow.go("reading");
      // The factory's answer at the receipt's block, through the app's own node (its PresaleCreated event if that read fails).
      const factory = config.contracts.presaleFactory;
      const read = await readOne<string>(
        { address: factory, contract: "PresaleFactory", fn: "getPresale", args: [valid.token] },
        { blockTag: receipt.blockNumber, minBlock: receipt.blockNumber },
      ).catch(() => null);
      address = read && read !== ZeroAddress ? read : presaleCreatedIn(receipt, factory);
    } catch (e) {
      flow.chainFailed(e);
      return;
    }
    setPresaleAddress(address);

    flow.go("saving");
    try {
      await dataProvider.create("LaunchPad", { data: launchPadRecord(values, valid, address) });
    } catch (e) {
      return saveFailed(e, address);
    }
    notify("resources.LaunchPad.created", { type: "success", messageArgs: { address } });
    flow.reset();
    setPresaleAddress(null);
    setFormKey((k) => k + 1);
    onClose();
    refresh();
  };

  /**
   * The presale is on chain but its record was refused: import it from the
   * factory's events (reconcileLaunchPads) so nothing is lost, say so, hide
   * the modal and keep the server's field errors under the inputs.
   */
  const saveFailed = async (e: unknown, address: string) => {
    const { message, fieldErrors } = saveErrorOf(e);
    const serverMessage = translate(message, { _: message });
    flow.go("reconciling");
    let text: string;
    try {
      await graphqlRequest(RECONCILE);
      text = translate("resources.LaunchPad.saved_by_reconcile", { message: serverMessage, address });
      refresh();
    } catch (r) {
      const reason = (r as Error)?.message ?? String(r);
      text = translate("resources.LaunchPad.reconcile_failed", {
        message: serverMessage,
        address,
        reason: translate(reason, { _: reason }),
      });
    }
    flow.report(text, "warning");
    onClose();
    return fieldErrors;
  };

  return (
    <ChainFormDialog
      open={open}
      onClose={onClose}
      title="resources.LaunchPad.add_title"
      submitLabel="app.form.add"
      formKey={formKey}
      onSubmit={submit}
      status={<ChainProgress step={flow.step} problem={flow.problem} />}
    >
      <TokenInputs
        source="tokenAddress"
        label={label("tokenAddress")}
        fill={[
          { source: "tokenName", from: "name", label: label("tokenName"), readOnly: true },
          { source: "tokenSymbol", from: "symbol", label: label("tokenSymbol"), readOnly: true },
          { source: "tokenDecimal", from: "decimals", label: label("tokenDecimal"), readOnly: true },
        ]}
      />
      <SelectInput source="pid" label={label("pid")} choices={pidChoices} translateChoice={false} fullWidth emptyText="" />
      <Pair>
        <TextInput
          source="priceToken"
          label={label("priceToken")}
          helperText={translate("resources.LaunchPad.price_hint", { unit: "BNB" })}
        />
        <TextInput
          source="priceTokenCrypto"
          label={label("priceTokenCrypto")}
          helperText={translate("resources.LaunchPad.price_hint", { unit: "BUSD" })}
        />
      </Pair>
      <Pair>
        <TextInput source="bnbMinimumContribution" label={label("bnbMinimumContribution")} />
        <TextInput source="bnbMaximumContribution" label={label("bnbMaximumContribution")} />
      </Pair>
      <Pair>
        <TextInput source="busdMinimumContribution" label={label("busdMinimumContribution")} />
        <TextInput source="busdMaximumContribution" label={label("busdMaximumContribution")} />
      </Pair>
      <Pair>
        <TextInput source="hardCap" label={label("hardCap")} />
        <TextInput source="busdHardCap" label={label("busdHardCap")} />
      </Pair>
      <ValueInput
        source="presaleAddress"
        label={label("presaleAddress")}
        value={presaleAddress}
        readOnly
        helperText="resources.LaunchPad.presale_hint"
      />
    </ChainFormDialog>
  );
}
