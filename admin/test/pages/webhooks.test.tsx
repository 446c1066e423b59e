import { screen, waitFor, within } from "@testing-library/react";
import { enter, findDialog, setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { gateway } from "../support/setup";

const SHOP = "https://shop.example.com/hooks";
const CRM = "https://crm.example.com/in";

describe("Webhooks", () => {
  beforeEach(() => {
    signIn();
    gateway.seed("Webhook", [
      {
        url: SHOP,
        description: "Shop sync",
        resources: ["News"],
        operations: ["create", "update", "delete", "restore"],
        enabled: true,
        consecutiveFailures: 0,
        disabledAt: null,
        disabledReason: null,
      },
      {
        url: CRM,
        description: null,
        resources: ["BlocklistEntry"],
        operations: ["create"],
        enabled: false,
        consecutiveFailures: 5,
        disabledAt: "2024-05-01T09:00:00Z",
        disabledReason: "Disabled after 5 failed deliveries in a row (last: answered 503)",
      },
    ]);
    gateway.seed("WebhookDelivery", [
      {
        webhookId: "1",
        webhookMessageId: "msg_first",
        eventType: "News.create",
        status: "delivered",
        attempts: 1,
        responseStatus: 200,
        latencyMs: 42,
        lastError: null,
        body: '{"type":"News.create","data":{"heading":"Listing live"}}',
      },
      {
        webhookId: "1",
        webhookMessageId: "msg_second",
        eventType: "News.update",
        status: "failed",
        attempts: 7,
        responseStatus: 503,
        latencyMs: 15,
        lastError: "answered 503",
        body: '{"type":"News.update"}',
      },
    ]);
  });

  it("lists the endpoints with what they follow and tells which one was disabled after failures, and why", async () => {
    renderApp("/webhooks");
    const table = await screen.findByRole("table", { name: "Webhooks" });
    expect(within(table).getByText(SHOP)).toBeInTheDocument();
    expect(within(table).getByText("Every operation")).toBeInTheDocument();
    expect(within(table).getByText("Blocklist")).toBeInTheDocument();
    expect(within(table).getByRole("checkbox", { name: `Enabled: ${CRM}` })).not.toBeChecked();
    expect(
      screen.getByText(
        `${CRM} was disabled: Disabled after 5 failed deliveries in a row (last: answered 503). Fix the receiver, then enable it again.`,
      ),
    ).toBeInTheDocument();
    // The sidebar entry, beside API tokens.
    expect(screen.getByRole("menuitem", { name: "Webhooks" })).toHaveAttribute("href", "/webhooks");
  });

  it("creates an endpoint and shows its signing secret once, with a copy button", async () => {
    const user = setupUser();
    renderApp("/webhooks");
    await user.click(await screen.findByRole("button", { name: "New endpoint" }));
    const dialog = await findDialog();
    await enter(user, within(dialog).getByLabelText(/^URL/), "https://partner.example.com/presale");
    await user.click(await within(dialog).findByRole("checkbox", { name: "News" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Restore" }));
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    const secret = await within(dialog).findByTestId("webhook-secret");
    expect(secret.textContent).toMatch(/^whsec_/);
    expect(within(dialog).getByText(/it is not shown again/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Copy secret" })).toBeInTheDocument();
    expect(gateway.lastCall("createWebhook")?.variables).toEqual({
      url: "https://partner.example.com/presale",
      description: null,
      resources: ["News"],
      operations: ["create", "update", "delete"],
    });
    const shown = secret.textContent!;
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText("https://partner.example.com/presale")).toBeInTheDocument();
    expect(screen.queryByText(shown)).toBeNull();
    // Editing it again never shows a secret.
    await user.click(screen.getByRole("button", { name: "Edit https://partner.example.com/presale" }));
    expect(within(await findDialog()).queryByTestId("webhook-secret")).toBeNull();
  });

  it("shows an endpoint's delivery log (status, response code, latency, attempts, body) with Redeliver and Send test event", async () => {
    const user = setupUser();
    renderApp("/webhooks");
    await user.click(await screen.findByRole("button", { name: `Deliveries of ${SHOP}` }));
    const dialog = await findDialog();
    const log = await within(dialog).findByRole("table", { name: "Deliveries" });
    const failed = within(log).getByText("News.update").closest("tr")!;
    expect(within(failed).getByText("Failed")).toBeInTheDocument();
    expect(within(failed).getByText("503")).toBeInTheDocument();
    expect(within(failed).getByText("15 ms")).toBeInTheDocument();
    expect(within(failed).getByText("7")).toBeInTheDocument();
    expect(within(failed).getByText('{"type":"News.update"}')).toBeInTheDocument();
    const delivered = within(log).getByText("News.create").closest("tr")!;
    expect(within(delivered).getByText("Delivered")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Redeliver msg_second" }));
    await waitFor(() => expect(gateway.lastCall("redeliverWebhook")?.variables).toEqual({ deliveryId: "2" }));
    expect(await within(failed).findByText("Pending")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Send test event" }));
    await waitFor(() => expect(gateway.lastCall("sendTestWebhook")?.variables).toEqual({ id: "1" }));
    expect(await within(dialog).findByText("webhook.test")).toBeInTheDocument();
  });

  it("enables a disabled endpoint again with its switch", async () => {
    const user = setupUser();
    renderApp("/webhooks");
    await user.click(await screen.findByRole("checkbox", { name: `Enabled: ${CRM}` }));
    await waitFor(() => expect(gateway.lastCall("updateWebhook")?.variables).toEqual({ id: "2", enabled: true }));
  });

  it("is not shown to an editor", async () => {
    signIn("ed", 3600, "editor");
    renderApp("/webhooks");
    expect(await screen.findByRole("heading", { level: 1, name: "You do not have access to this page" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Webhooks" })).toBeNull();
    expect(gateway.callsOf("webhooks")).toHaveLength(0);
  });
});
