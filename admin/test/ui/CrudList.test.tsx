import { screen, waitFor, within } from "@testing-library/react";
import { readSheet } from "read-excel-file/node";
import { captureDownloads, setupUser } from "../support/helpers";
import { renderApp, signIn } from "../support/render";
import { gateway } from "../support/setup";

const settings = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `setting_${String(i + 1).padStart(2, "0")}`, value: `v${i + 1}` }));

describe("every list", () => {
  beforeEach(() => signIn());

  it("pages by 10 with first / previous / next / last and the info text", async () => {
    const user = setupUser();
    gateway.seed("Setting", settings(25));
    renderApp("/Setting");
    expect(await screen.findByText("setting_01")).toBeInTheDocument();
    expect(screen.getByText("Showing 1 to 10 of 25 records")).toBeInTheDocument();
    expect(screen.getAllByRole("row")).toHaveLength(11);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 11 to 20 of 25 records")).toBeInTheDocument();
    expect(gateway.lastCall("allSettings").variables).toMatchObject({ page: 1, perPage: 10 });
    await user.click(screen.getByRole("button", { name: "Last" }));
    expect(await screen.findByText("Showing 21 to 25 of 25 records")).toBeInTheDocument();
    const row = (await screen.findByText("setting_21")).closest("tr")!;
    expect(within(row).getByText("21")).toBeInTheDocument(); // serial numbers continue across pages
    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByText("Showing 11 to 20 of 25 records")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "First" }));
    expect(await screen.findByText("Showing 1 to 10 of 25 records")).toBeInTheDocument();
  });

  it("offers 10, 20 and 50 rows a page", async () => {
    const user = setupUser();
    gateway.seed("Setting", settings(25));
    renderApp("/Setting");
    await screen.findByText("Showing 1 to 10 of 25 records");
    await user.click(screen.getByRole("combobox"));
    const options = within(await screen.findByRole("listbox"))
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(options).toEqual(["10", "20", "50"]);
    await user.click(screen.getByRole("option", { name: "20" }));
    expect(await screen.findByText("Showing 1 to 20 of 25 records")).toBeInTheDocument();
    expect(gateway.lastCall("allSettings").variables).toMatchObject({ perPage: 20 });
  });

  it("filters on the server with 'Filter in records...'", async () => {
    const user = setupUser();
    gateway.seed("Setting", [
      { name: "telegram", value: "t.me" },
      { name: "twitter", value: "x.com" },
    ]);
    renderApp("/Setting");
    await screen.findByText("telegram");
    await user.type(screen.getByPlaceholderText("Filter in records..."), "twit");
    await waitFor(() => expect(screen.queryByText("telegram")).toBeNull());
    expect(screen.getByText("twitter")).toBeInTheDocument();
    expect(gateway.lastCall("allSettings").variables.filter).toEqual({ q: "twit" });
  });

  it("says 'No user found!' when nothing matches", async () => {
    renderApp("/ContactUs");
    expect(await screen.findByText("No user found!")).toBeInTheDocument();
    expect(screen.getByText("Showing 0 to 0 of 0 records")).toBeInTheDocument();
  });

  it("after a search that finds nothing, keeps 'No user found!' on the original screens' lists and offers to clear the filter", async () => {
    const user = setupUser();
    gateway.seed("Setting", settings(2));
    renderApp("/Setting");
    await screen.findByText("setting_01");
    await user.type(screen.getByPlaceholderText("Filter in records..."), "zzz");
    expect(await screen.findByText("No user found!")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filter" }));
    expect(await screen.findByText("setting_01")).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Filter in records...")).toHaveValue("");
    expect(screen.queryByRole("button", { name: "Clear filter" })).toBeNull();
  });

  it("on a screen the original back-office did not have, names what the empty table lists, and what a search found nothing for", async () => {
    const user = setupUser();
    const { unmount } = renderApp("/signins");
    expect(await screen.findByText("No sign-ins yet")).toBeInTheDocument();
    expect(screen.queryByText("No user found!")).toBeNull();
    unmount();
    gateway.seed("SignInEvent", [
      { createdAt: "2026-01-02T03:04:05.000Z", email: "admin@example.com", result: "success", ip: "127.0.0.1", userAgent: "jest" },
    ]);
    renderApp("/signins");
    await screen.findByText("admin@example.com");
    await user.type(screen.getByPlaceholderText("Filter in records..."), "zzz");
    expect(await screen.findByText("No match for 'zzz'")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filter" }));
    expect(await screen.findByText("admin@example.com")).toBeInTheDocument();
  });

  it("sorts on the server by a sortable column", async () => {
    const user = setupUser();
    gateway.seed("Setting", settings(3));
    renderApp("/Setting");
    await screen.findByText("setting_01");
    await user.click(screen.getByRole("button", { name: /Sort by name/ }));
    await waitFor(() => expect(gateway.lastCall("allSettings").variables).toMatchObject({ sortField: "name" }));
  });

  describe("exports named 'Forms'", () => {
    let downloads: ReturnType<typeof captureDownloads>;
    beforeEach(() => {
      downloads = captureDownloads();
    });
    afterEach(() => downloads.restore());

    /** Seeds `count` settings, opens `path`, waits for `shown`, presses `button` and gives the one file it downloads. */
    async function exported(count: number, path: string, shown: string, button: string) {
      const user = setupUser();
      gateway.seed("Setting", settings(count));
      renderApp(path);
      await screen.findByText(shown);
      await user.click(screen.getByRole("button", { name: button }));
      await waitFor(() => expect(downloads.files).toHaveLength(1));
      return downloads.files[0];
    }

    it("CSV: every matching row, fetched page by page", async () => {
      const csv = await exported(25, "/Setting", "setting_01", "CSV");
      expect(csv.name).toBe("Forms.csv");
      const lines = (await csv.blob.text()).trim().split("\r\n");
      expect(lines[0]).toBe("S.No,Name,Value");
      expect(lines).toHaveLength(26);
      expect(lines[25]).toBe("25,setting_25,v25");
    });

    it("Excel: an .xlsx of the filtered rows", async () => {
      const xlsx = await exported(12, "/Setting?filter=%7B%22q%22%3A%22setting_1%22%7D", "setting_10", "Excel");
      expect(xlsx.name).toBe("Forms.xlsx");
      const rows = await readSheet(Buffer.from(await xlsx.blob.arrayBuffer()));
      expect(rows[0]).toEqual(["S.No", "Name", "Value"]);
      expect(rows.slice(1).map((r) => r[1])).toEqual(["setting_10", "setting_11", "setting_12"]);
      expect(gateway.lastCall("allSettings").variables.filter).toEqual({ q: "setting_1" });
    });

    it("Print: a print view of every row, printed as 'Forms'", async () => {
      const user = setupUser();
      gateway.seed("Setting", settings(12));
      renderApp("/Setting");
      await screen.findByText("setting_01");
      (window.print as jest.Mock).mockClear();
      await user.click(screen.getByRole("button", { name: "Print" }));
      const area = await screen.findByTestId("print-area");
      await waitFor(() => expect(window.print).toHaveBeenCalled());
      expect(document.title).toBe("Forms");
      expect(within(area).getAllByRole("row", { hidden: true })).toHaveLength(13);
      expect(within(area).getByText("setting_12")).toBeInTheDocument();
    });
  });
});
