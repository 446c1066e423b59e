import { getAddress } from "ethers";
import { BlocklistEntry } from "../../src/resources/blocklistEntry";
import { LaunchPad } from "../../src/resources/launchPad";
import { expectWrite, RestApp, startRestApp } from "../support/rest";

/** The legacy REST routes (docs/legacy-api.md), "Launchpad and blocklist". */
describe("REST launchpad and blocklist", () => {
  let app: RestApp;
  beforeAll(async () => (app = await startRestApp()));
  afterAll(() => app.close());

  const presale = "0xabcdefabcdefabcdefabcdefabcdefabcdefabcd";
  const token = "0x1234567890abcdef1234567890abcdef12345678";
  const launchPadForm = {
    pid: 6,
    PriceToken: "1000",
    PriceTokencrypto: "2.5",
    TokenAddress: token,
    TokenName: "Sale Token",
    TokenSymbol: "SALE",
    TokenDecimal: 18,
    BNBMinimumContribution: "0.1",
    BNBMaximumContribution: "10",
    BUSDMinimumContribution: "50",
    BUSDMaximumContribution: "5000",
    HardCap: "100",
    BUSDHardCap: "50000",
    PresaleAddress: presale,
  };
  const legacyKeys = ["_id", "createdAt", "updatedAt", "pid", ...Object.keys(launchPadForm).filter((k) => k !== "pid")];

  describe("launchpad", () => {
    it("POST /api/LaunchPad-add (form-data with the LaunchPad fields) registers a presale", async () => {
      const data = expectWrite(await app.form("/api/LaunchPad-add", launchPadForm));
      expect(await app.read(LaunchPad, data._id)).toMatchObject({
        pid: 6,
        priceToken: "1000",
        priceTokenCrypto: "2.5",
        tokenAddress: getAddress(token),
        tokenName: "Sale Token",
        tokenSymbol: "SALE",
        tokenDecimal: 18,
        bnbMinimumContribution: "0.1",
        bnbMaximumContribution: "10",
        busdMinimumContribution: "50",
        busdMaximumContribution: "5000",
        hardCap: "100",
        busdHardCap: "50000",
        presaleAddress: getAddress(presale),
      });
    });

    it("answers 400 per legacy field (min above max, bad address, duplicate presale)", async () => {
      const res = await app.form("/api/LaunchPad-add", { ...launchPadForm, BNBMinimumContribution: "20", TokenAddress: "0xnope" });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        BNBMinimumContribution: expect.any(String),
        TokenAddress: expect.any(String),
        PresaleAddress: expect.stringMatching(/already exists/),
      });
      expect((await app.form("/api/LaunchPad-add", launchPadForm, {}, false)).status).toBe(401);
    });

    it("POST /api/LaunchPad-data lists the records (public), with every legacy field", async () => {
      const res = await app.post("/api/LaunchPad-data", undefined, false);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      expect(Object.keys(res.body[0]).sort()).toEqual([...legacyKeys].sort());
      expect(res.body[0]).toMatchObject({ PresaleAddress: getAddress(presale), TokenAddress: getAddress(token), pid: 6, TokenDecimal: 18 });
    });

    it("POST /api/getCardDetails answers an array whose first item gives PresaleAddress and TokenAddress", async () => {
      const res = await app.post("/api/getCardDetails", { cardPresaleAddress: presale.toLowerCase() }, false);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      expect(res.body[0]).toMatchObject({ PresaleAddress: getAddress(presale), TokenAddress: getAddress(token) });
      const none = await app.post("/api/getCardDetails", { cardPresaleAddress: "0x0000000000000000000000000000000000000001" }, false);
      expect(none.body).toEqual([]);
      const bad = await app.post("/api/getCardDetails", { cardPresaleAddress: "garbage" }, false);
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body)).toEqual(["cardPresaleAddress"]);
    });

    it("POST /api/LaunchPad-delete deletes by _id", async () => {
      const [record] = await app.readAll(LaunchPad);
      expectWrite(await app.post("/api/LaunchPad-delete", { _id: record.id }));
      expect(await app.read(LaunchPad, record.id)).toBeNull();
    });
  });

  describe("blocklist", () => {
    const wallet = "0x52908400098527886e0f7030069857d2e4169ee7";

    it("POST /api/get-blocklist answers { type: 'success', data } and needs a token", async () => {
      const res = await app.post("/api/get-blocklist");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ type: "success", data: [] });
      expect((await app.post("/api/get-blocklist", {}, false)).status).toBe(401);
    });

    it("POST /api/add-blocklist adds { walletaddress }; the list shows it", async () => {
      const data = expectWrite(await app.post("/api/add-blocklist", { walletaddress: wallet }));
      expect(await app.read(BlocklistEntry, data._id)).toMatchObject({ walletAddress: getAddress(wallet) });
      const list = await app.post("/api/get-blocklist");
      expect(list.body.data).toEqual([expect.objectContaining({ _id: data._id, walletaddress: getAddress(wallet) })]);
      const again = await app.post("/api/add-blocklist", { walletaddress: wallet });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ walletaddress: expect.stringMatching(/already exists/) });
      const invalid = await app.post("/api/add-blocklist", { walletaddress: "0x1234" });
      expect(invalid.status).toBe(400);
      expect(Object.keys(invalid.body)).toEqual(["walletaddress"]);
    });

    it("POST /api/remove-blocklist removes by { walletaddress }, in any letter case", async () => {
      expectWrite(await app.post("/api/remove-blocklist", { walletaddress: wallet.toUpperCase().replace("0X", "0x") }));
      expect(await app.readAll(BlocklistEntry)).toEqual([]);
      expect((await app.post("/api/remove-blocklist", { walletaddress: wallet })).status).toBe(404);
      expect((await app.post("/api/remove-blocklist", { walletaddress: wallet }, false)).status).toBe(401);
    });
  });
});
