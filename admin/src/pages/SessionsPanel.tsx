import { Alert, Box, Button, Card, CardContent, Chip, Typography } from "@mui/material";
import { useCallback, useEffect, useState, type HTMLAttributes } from "react";
import { Confirm, useNotify, useTranslate } from "react-admin";
import { graphql } from "../gql";
import type { MySessionsQuery } from "../gql/graphql";
import { graphqlRequest } from "../providers/graphqlFetch";
import { formatDateTime } from "../ui/columns";
import { SimpleTable } from "../ui/SimpleTable";

type SessionRow = MySessionsQuery["allSessions"][number];

// The gateway lists a person's own sessions (an admin's too: filtered by their id).
const SESSIONS = graphql(`
  query mySessions($userId: Int) {
    allSessions(filter: { userId: $userId, revoked: false }, perPage: 100, sortField: "createdAt", sortOrder: "DESC") {
      id
      device
      ip
      createdAt
      lastSeenAt
      current
      revoked
      expiresAt
    }
  }
`);
const ME = graphql(`
  query sessionsMe {
    me {
      id
    }
  }
`);
const END = graphql(`
  mutation endSession($id: ID!) {
    endSession(id: $id)
  }
`);
const END_OTHERS = graphql(`
  mutation endOtherSessions {
    endOtherSessions
  }
`);

const LABELS = "app.sessions";

/**
 * Told when two-factor sign-in was just turned on. The gateway has then ended
 * every other session already (a session opened without a code must not
 * outlive it): the panel says so, re-reads the list, and offers "Sign out
 * everywhere else" only if some other session is still listed.
 */
const twoFactorOn = new EventTarget();
export const offerSignOutElsewhere = () => twoFactorOn.dispatchEvent(new Event("on"));

/**
 * The signed-in user's live sessions (Security page): device, IP, signed in,
 * last seen and "This device"; "Sign out" ends one, "Sign out everywhere
 * else" all but this one (each asks first, and the toast says how many).
 */
export function SessionsPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const [rows, setRows] = useState<SessionRow[]>([]);
  const [error, setError] = useState<string>();
  const [ending, setEnding] = useState<SessionRow | "others">();
  const [offer, setOffer] = useState(false);

  const load = useCallback(async () => {
    try {
      const { me } = await graphqlRequest(ME);
      const data = await graphqlRequest(SESSIONS, { userId: me ? Number(me.id) : undefined });
      const now = Date.now() / 1000;
      setRows(data.allSessions.filter((row) => row.expiresAt > now));
      setError(undefined);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    const show = () => {
      setOffer(true);
      void load();
    };
    twoFactorOn.addEventListener("on", show);
    return () => twoFactorOn.removeEventListener("on", show);
  }, [load]);

  const deviceOf = (row: SessionRow) => row.device ?? translate(`${LABELS}.unknown_device`);
  const others = rows.filter((row) => !row.current);

  const confirm = async () => {
    const target = ending;
    setEnding(undefined);
    try {
      if (target === "others") {
        const { endOtherSessions: count } = await graphqlRequest(END_OTHERS);
        setOffer(false);
        notify(count ? `${LABELS}.ended` : `${LABELS}.none_other`, { type: "success", messageArgs: { smart_count: count } });
      } else if (target) {
        await graphqlRequest(END, { id: target.id });
        notify(`${LABELS}.ended_one`, { type: "success" });
      }
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), { type: "error" });
    }
    await load();
  };

  return (
    <Card>
      <CardContent sx={{ display: "grid", gap: 2 }}>
        <Typography variant="h6">{translate(`${LABELS}.title`)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`${LABELS}.explain`)}
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        {offer && (
          <Alert
            severity="info"
            action={
              others.length > 0 && (
                <Button color="inherit" size="small" onClick={() => setEnding("others")}>
                  {translate(`${LABELS}.sign_out_others`)}
                </Button>
              )
            }
          >
            {translate(`${LABELS}.after_two_factor`)}
          </Alert>
        )}
        <SimpleTable
          label={translate(`${LABELS}.title`)}
          rows={rows}
          rowProps={(row) => ({ "data-current": String(row.current) }) as HTMLAttributes<HTMLTableRowElement>}
          columns={[
            {
              label: translate(`${LABELS}.device`),
              cell: (row) => (
                <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                  {deviceOf(row)}
                  {row.current && <Chip size="small" color="primary" label={translate(`${LABELS}.this_device`)} />}
                </Box>
              ),
            },
            { label: translate(`${LABELS}.ip`), cell: (row) => row.ip },
            { label: translate(`${LABELS}.signed_in`), cell: (row) => formatDateTime(row.createdAt) },
            { label: translate(`${LABELS}.last_seen`), cell: (row) => formatDateTime(row.lastSeenAt ?? row.createdAt) },
            {
              label: translate("app.list.action"),
              cell: (row) =>
                row.current ? null : (
                  <Button
                    size="small"
                    aria-label={translate(`${LABELS}.sign_out_label`, { device: deviceOf(row) })}
                    onClick={() => setEnding(row)}
                  >
                    {translate(`${LABELS}.sign_out`)}
                  </Button>
                ),
            },
          ]}
        />
        <Box>
          <Button variant="outlined" disabled={!others.length} onClick={() => setEnding("others")}>
            {translate(`${LABELS}.sign_out_others`)}
          </Button>
        </Box>
        <Confirm
          isOpen={ending !== undefined}
          title={ending === "others" ? `${LABELS}.confirm_others_title` : `${LABELS}.confirm_one_title`}
          content={ending === "others" ? `${LABELS}.confirm_others` : `${LABELS}.confirm_one`}
          translateOptions={ending && ending !== "others" ? { device: deviceOf(ending), ip: ending.ip ?? "" } : {}}
          confirm={ending === "others" ? `${LABELS}.sign_out_others` : `${LABELS}.sign_out`}
          onConfirm={() => void confirm()}
          onClose={() => setEnding(undefined)}
        />
      </CardContent>
    </Card>
  );
}
