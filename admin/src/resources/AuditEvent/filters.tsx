import { DateInput, SelectInput, TextInput, useGetList, useTranslate } from "react-admin";
import { resourceLabel, useNaming, type Naming } from "../../audit/labels";

const FIELDS = "resources.activity.fields";

export const OPERATIONS = ["create", "update", "delete", "restore", "status"];
export const TRANSPORTS = ["graphql", "rest", "system", "chain"];

/** A day picked in the filter, as the instant the gateway compares with: the start (or end) of that day, local time. */
const dayBound = (end: boolean) => (value: string) =>
  value ? new Date(`${value}T${end ? "23:59:59.999" : "00:00:00"}`).toISOString() : undefined;

function ActorFilter({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const { data = [], isPending } = useGetList("Users", { pagination: { page: 1, perPage: 1000 }, sort: { field: "name", order: "ASC" } });
  return (
    <SelectInput
      source={source}
      label={label}
      choices={data.map((user) => ({ id: String(user.id), name: user.name }))}
      format={(value: unknown) => (value === undefined || value === null ? "" : String(value))}
      isPending={isPending}
      emptyText="—"
      sx={{ minWidth: 160 }}
    />
  );
}

/** Every GraphQL type the admin has a screen for. */
const typesOf = ({ screens }: Naming) => [...new Set(screens.flatMap((screen) => (screen.type ? [screen.type] : [])))].sort();

/** The Activity screen's filters: who, what, which record, how, and when. */
export function useActivityFilters() {
  const translate = useTranslate();
  const naming = useNaming();
  const label = (field: string) => translate(`${FIELDS}.${field}`);
  const choices = (ids: string[], branch: string) => ids.map((id) => ({ id, name: translate(`app.audit.${branch}.${id}`, { _: id }) }));
  return [
    <ActorFilter key="actorId" source="actorId" label={label("actorId")} alwaysOn />,
    <SelectInput
      key="resource"
      source="resource"
      label={label("resource")}
      choices={typesOf(naming)
        .map((id) => ({ id, name: resourceLabel(naming, id) }))
        .sort((a, b) => a.name.localeCompare(b.name))}
      emptyText="—"
      alwaysOn
    />,
    <TextInput key="recordId" source="recordId" label={label("recordId")} alwaysOn />,
    <SelectInput
      key="operation"
      source="operation"
      label={label("operation")}
      choices={choices(OPERATIONS, "operations")}
      emptyText="—"
      alwaysOn
    />,
    <SelectInput
      key="transport"
      source="transport"
      label={label("transport")}
      choices={choices(TRANSPORTS, "transports")}
      emptyText="—"
      alwaysOn
    />,
    <DateInput key="from" source="createdAt_gte" label={label("createdAt_gte")} parse={dayBound(false)} alwaysOn />,
    <DateInput key="to" source="createdAt_lte" label={label("createdAt_lte")} parse={dayBound(true)} alwaysOn />,
  ];
}
