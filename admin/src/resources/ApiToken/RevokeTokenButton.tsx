import { Button } from "@mui/material";
import { useState } from "react";
import { Confirm, useNotify, useTranslate } from "react-admin";
import { graphql } from "../../gql";
import { graphqlRequest } from "../../providers/graphqlFetch";

const REVOKE = graphql(`
  mutation revokeApiToken($id: ID!) {
    revokeApiToken(id: $id)
  }
`);

/** Revokes an API token after a confirmation; every replica refuses it from then on. */
export function RevokeTokenButton({ token, onDone }: { token: { id: string; name: string; revoked: boolean }; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (token.revoked) return null;
  const revoke = async () => {
    setBusy(true);
    try {
      await graphqlRequest(REVOKE, { id: token.id });
      notify("app.api_tokens.revoked_done", { type: "success", messageArgs: { name: token.name } });
      onDone();
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), { type: "error" });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        color="error"
        onClick={() => setAsking(true)}
        disabled={busy}
        aria-label={translate("app.api_tokens.revoke_named", { name: token.name })}
      >
        {translate("app.api_tokens.revoke")}
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title="app.api_tokens.revoke_title"
        content="app.api_tokens.revoke_confirm"
        translateOptions={{ name: token.name }}
        confirm="app.api_tokens.revoke"
        onConfirm={revoke}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
