import { SelectInput, TextInput, useTranslate } from "react-admin";
import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";

/** How a sign-in attempt ended (the gateway's SignInEvent.result). */
export const SIGN_IN_RESULTS = ["success", "wrong_password", "limited", "two_factor_required", "two_factor_failed", "not_approved"];

const F = "resources.signins.fields";

/** Every sign-in attempt (GraphQL type SignInEvent), for administrators: read-only. */
export function SignInList() {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="result"
      source="result"
      label={translate(`${F}.result`)}
      choices={SIGN_IN_RESULTS.map((r) => ({ id: r, name: translate(`app.security.result.${r}`) }))}
      emptyText="—"
      alwaysOn
    />,
    <TextInput key="email" source="email" label={translate(`${F}.email`)} alwaysOn />,
  ];
  return (
    <CrudList
      title="resources.signins.title"
      sort={{ field: "createdAt", order: "DESC" }}
      filters={filters}
      columns={[
        col.datetime("createdAt", `${F}.createdAt`, { sortable: true }),
        col.text("email", `${F}.email`),
        col.text("result", `${F}.result`, { render: (r) => translate(`app.security.result.${r.result}`), exportValue: (r) => String(r.result) }),
        col.text("ip", `${F}.ip`),
        col.text("userAgent", `${F}.userAgent`),
      ]}
    />
  );
}
