/**
 * 'Add Pool' on the Image Text Edit screen: connects the wallet on open, adds
 * the pool to the farm through the wallet (creating the token's BUSD pair
 * first when there is none), and only after the receipt saves the Pool
 * record. When a Safe owns the farm, Add proposes the pool to it; once the
 * Safe has executed it, Add finds the pool on chain and saves its record.
 * Loaded lazily (it brings the chain layer).
 */
import { Alert, Typography } from "@mui/material";
import { useState } from "react";
import { TextInput, useDataProvider, useNotify, useRefresh, useTranslate } from "react-admin";
import { requireChainConfig, sameAddress, useWallet, WalletProvider, type SafeSignResult } from "../../chain";
import { ChainFormDialog } from "../../chainForms/ChainFormDialog";
import { TokenInputs } from "../../chainForms/TokenInputs";
import { ChainProgress, saveErrorOf, useChainFlow } from "../../chainForms/useChainFlow";
import { useWalletGate } from "../../chainForms/useWalletGate";
import { ImageInput } from "../../ui/ImageInput";
import { imageRuleOf } from "../../ui/imageRules";
import { addFarmPool, type AddedPool } from "./farmPool";
import { checkPool, poolRecord, QUOTE_SYMBOL, type PoolValues } from "./poolForm";

export interface PoolCreateProps {
  open: boolean;
  onClose(): void;
}

export default function PoolCreate(props: PoolCreateProps) {
  return (
    <WalletProvider>
      <PoolDialog {...props} />
    </WalletProvider>
  );
}

const label = (field: string) => `resources.Feature.fields.${field}`;

function PoolDialog({ open, onClose }: PoolCreateProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const { config } = useWallet();
  const gate = useWalletGate({ connectOnOpen: open });
  const flow = useChainFlow();
  const [formKey, setFormKey] = useState(0);
  /** A pool added on chain whose record is not saved yet: Add then only saves it. */
  const [unsaved, setUnsaved] = useState<AddedPool | null>(null);
  /** Farm.add proposed to the Safe that owns the farm, not executed yet. */
  const [proposal, setProposal] = useState<SafeSignResult | null>(null);

  const hasRecord = async (pid: number) => {
    const { total } = await dataProvider.getList("Farms", {
      filter: { pid },
      pagination: { page: 1, perPage: 1 },
      sort: { field: "pid", order: "ASC" },
    });
    return (total ?? 0) > 0;
  };

  /** The farm is owned by a Safe: Farm.add waits for its owners; the form stays filled for the Add that saves the record. */
  const proposed = (result: SafeSignResult) => {
    flow.reset();
    setProposal(result);
    const message = translate("resources.Feature.pool_proposed", {
      count: result.confirmationCount,
      threshold: result.confirmationsRequired,
    });
    notify(message, { type: "success", messageArgs: { _: message } });
  };

  const submit = async (values: PoolValues) => {
    const checked = checkPool(values);
    if ("errors" in checked) return checked.errors;
    const valid = checked.ok;

    let added = unsaved && sameAddress(unsaved.token, valid.token) ? unsaved : null;
    if (!added) {
      try {
        flow.go("wallet");
        const wallet = await gate.requireWallet();
        const outcome = await addFarmPool(valid, wallet, await requireChainConfig(), flow.go);
        if ("proposed" in outcome) return proposed(outcome.proposed);
        added = outcome.added;
        if (added.found && (await hasRecord(added.pid))) {
          flow.report(translate("resources.Feature.pool_exists", { pid: added.pid }));
          return;
        }
      } catch (e) {
        flow.chainFailed(e);
        return;
      }
      setUnsaved(added);
    }

    flow.go("saving");
    try {
      await dataProvider.create("Farms", { data: poolRecord(values, valid, added) });
    } catch (e) {
      const { message, fieldErrors } = saveErrorOf(e);
      flow.report(translate("resources.Feature.save_failed", { message: translate(message, { _: message }), pid: added.pid }));
      return fieldErrors;
    }
    notify("resources.Feature.pool_added", {
      type: "success",
      messageArgs: { pid: added.pid, lpSymbol: `${valid.symbol}-${QUOTE_SYMBOL} LP` },
    });
    setUnsaved(null);
    setProposal(null);
    flow.reset();
    setFormKey((k) => k + 1);
    onClose();
    refresh();
  };

  return (
    <ChainFormDialog
      open={open}
      onClose={onClose}
      title="resources.Feature.add_pool"
      submitLabel="app.form.add"
      formKey={formKey}
      onSubmit={submit}
      status={<ChainProgress step={flow.step} problem={flow.problem} />}
    >
      <TextInput source="alloc" label={label("alloc")} helperText="resources.Feature.alloc_hint" fullWidth />
      <TokenInputs
        source="tokenAddresses"
        label={label("tokenAddresses")}
        fill={[{ source: "tokenSymbol", from: "symbol", label: label("tokenSymbol") }]}
        fillFirst
      />
      <TextInput source="depositFee" label={label("depositFee")} helperText="resources.Feature.fee_hint" fullWidth />
      {/* A Pool's image, added from the Image Text Edit (Feature) screen. */}
      <ImageInput label="app.fields.image" rule={imageRuleOf("Pool", "create")} />
      {config && (
        <Typography variant="caption" color="text.secondary">
          {translate("resources.Feature.quote_token", { symbol: QUOTE_SYMBOL, address: config.contracts.stable })}
        </Typography>
      )}
      {proposal && !unsaved && <Alert severity="info">{translate("resources.Feature.pool_proposed_hint")}</Alert>}
      {unsaved && <Alert severity="info">{translate("resources.Feature.retry_save", { pid: unsaved.pid })}</Alert>}
    </ChainFormDialog>
  );
}
