import { SelectInput, TextInput, useTranslate } from "react-admin";
import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";

/** How a sign-in attempt ended (the gateway's SignInEvent.result). */
export const SIGN_IN_RESULTS = ["success", "wrong_password", "limited", "two_factor_required", "two_factor_failed", "not_approved"];

const FIELDS = "resources.signins.fields";

/** Every sign-in attempt (GraphQL type SignInEvent), for administrators: read-only. */
export function SignInList() {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="result"
      source="result"
      label={translate(`${FIELDS}.result`)}
      choices={SIGN_IN_RESULTS.map((r) => ({ id: r, name: translate(`app.security.result.${r}`) }))}
      emptyText="—"
      alwaysOn
    />,
    <TextInput key="email" source="email" label={translate(`${FIELDS}.email`)} alwaysOn />,
  ];
  return (
    <CrudList
      title="resources.signins.title"
      empty="resources.signins.empty"
      sort={{ field: "createdAt", order: "DESC" }}
      filters={filters}
      columns={[
        col.datetime("createdAt", `${FIELDS}.createdAt`, { sortable: true }),
        col.text("email", `${FIELDS}.email`, { sortable: true }),
        col.text("result", `${FIELDS}.result`, {
          sortable: true,
          render: (r) => translate(`app.security.result.${r.result}`),
          exportValue: (r) => String(r.result),
        }),
        col.text("ip", `${FIELDS}.ip`, { sortable: true }),
        col.text("userAgent", `${FIELDS}.userAgent`, { sortable: true }),
      ]}
    />
  );
}
