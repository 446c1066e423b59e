/**
 * A screen's folder carries its texts (resources/<type>/labels.ts, given by its registry row): the signed-in admin's
 * catalogue takes them in under `resources.<route>`, beside en.ts and the other catalogues.
 */
import { adminI18nProvider, adminMessages } from "../src/i18n/admin";
import { en } from "../src/i18n/en";
import { SCREENS } from "../src/registry";
import type { Screen } from "../src/screen";

const PARTNERS: Screen = {
  route: "Partners",
  type: "Partner",
  labels: { en: { name: "Partner |||| Partners", menu: "Partners", fields: { link: "Website" } } },
};

describe("the screens' own labels", () => {
  it("give the Roadmap screen its texts, which en.ts no longer holds", () => {
    const { resources } = adminMessages(SCREENS) as unknown as { resources: Record<string, unknown> };
    expect(resources.Roadmap).toEqual({ name: "Roadmap |||| Roadmap", title: "Load More", edit: "Load More", update: "Update Roadmap" });
    expect(en.resources).not.toHaveProperty("Roadmap");
  });

  it("join the catalogue under resources.<route>, leaving every other text as it was", () => {
    const translate = adminI18nProvider([...SCREENS, PARTNERS]).translate;
    expect(translate("resources.Partners.menu")).toBe("Partners");
    expect(translate("resources.Partners.name", { smart_count: 2 })).toBe("Partners");
    expect(translate("resources.Partners.fields.link")).toBe("Website");
    expect(translate("resources.News.title")).toBe("News");
    expect(translate("resources.Roadmap.update")).toBe("Update Roadmap");
    expect(translate("app.menu.roles")).toBe("Roles");
    expect(translate("ra.action.save")).toBe("Save");
  });

  it("add to a branch en.ts has without dropping its texts", () => {
    const users: Screen = { route: "Users", type: "User", labels: { en: { fields: { wallet: "Wallet" } } } };
    const translate = adminI18nProvider([users]).translate;
    expect(translate("resources.Users.fields.wallet")).toBe("Wallet");
    expect(translate("resources.Users.fields.role")).toBe("Role");
    expect(translate("resources.Users.add")).toBe("Add User");
  });
});
