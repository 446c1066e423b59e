/** Texts of the live screens: what a live refresh brought, who else saved or has a record open. */
export const liveMessages = {
  app: {
    live: {
      added: "%{smart_count} new row |||| %{smart_count} new rows",
      updated: "%{smart_count} row updated |||| %{smart_count} rows updated",
      removed: "%{smart_count} row removed |||| %{smart_count} rows removed",
      saved_by: "%{name} saved this record %{ago}",
      deleted_by: "%{name} deleted this record %{ago}",
      seconds_ago: "%{n} s ago",
      minutes_ago: "%{n} min ago",
      someone: "Someone",
      no_fields: "None of the fields shown here changed.",
      their_change: "Their change",
      take: "Take their changes",
      dismiss: "Keep mine",
      also_open: "Also open by %{names}",
      new_events: "%{smart_count} new event — show |||| %{smart_count} new events — show",
    },
  },
};
