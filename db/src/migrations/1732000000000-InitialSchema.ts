import { MigrationInterface, QueryRunner, Table, TableColumnOptions } from "typeorm";
import { bool, id, index, int, longText, text, timestamps, varchar } from "./columns";

const NOT_NULL = { isNullable: false };

/** Every record kind of the back-office, with an index on each sorted or filtered column. */
export class InitialSchema1732000000000 implements MigrationInterface {
  name = "InitialSchema1732000000000";

  async up(qr: QueryRunner): Promise<void> {
    const table = (name: string, columns: TableColumnOptions[], indexed: (string | [string, "unique"])[]) =>
      qr.createTable(
        new Table({
          name,
          columns: [id(), ...columns, ...timestamps()],
          indices: [...indexed, "createdAt"].map((c) => (Array.isArray(c) ? index(name, [c[0]], true) : index(name, [c]))),
        }),
      );

    // Title/Heading/Description/content sections of the landing page, and the home page.
    const section = (withContent: boolean, withImage: boolean): TableColumnOptions[] => [
      varchar("identifier", 64),
      varchar("title", 255, NOT_NULL),
      varchar("heading"),
      longText(qr, "description"),
      ...(withContent ? [longText(qr, "content")] : []),
      ...(withImage ? [varchar("imageUri")] : []),
    ];
    const sectionIndexes = ["identifier", "title", "heading"];

    await table(
      "users",
      [
        varchar("name", 100, NOT_NULL),
        varchar("email", 190, NOT_NULL),
        varchar("passwordHash", 100, NOT_NULL),
        varchar("role", 20, NOT_NULL),
        bool("approved", true),
      ],
      ["name", ["email", "unique"], "role", "approved"],
    );
    await table("abouts", section(true, true), sectionIndexes);
    await table("features", section(true, true), sectionIndexes);
    await table("feature_descriptions", section(false, false), sectionIndexes);
    await table("roadmaps", section(true, true), sectionIndexes);
    await table("home_pages", section(true, true), sectionIndexes);
    await table(
      "landing_blocks",
      [
        varchar("identifier", 64, NOT_NULL),
        varchar("title"),
        longText(qr, "description"),
        text("blocks"),
        varchar("imageUri"),
        varchar("pageName", 100),
        bool("visible", true),
      ],
      [["identifier", "unique"], "title", "pageName", "visible"],
    );
    await table("home_images", [varchar("imageUri", 255, NOT_NULL)], []);
    await table("settings", [varchar("name", 100, NOT_NULL), longText(qr, "value")], [["name", "unique"]]);
    await table(
      "news",
      [varchar("heading", 255, NOT_NULL), longText(qr, "description"), varchar("imageUri"), bool("visible", true)],
      ["heading", "visible"],
    );
    await table(
      "news_descriptions",
      [
        varchar("title", 255, NOT_NULL),
        varchar("heading"),
        longText(qr, "description"),
        varchar("newsLink", 500),
        varchar("vimeoLink", 500),
        varchar("imageUri"),
        bool("visible", true),
      ],
      ["title", "heading", "visible"],
    );
    await table(
      "articles",
      [
        varchar("title", 255, NOT_NULL),
        varchar("heading"),
        ...["description", "description1", "description2", "description3"].map((c) => longText(qr, c)),
        ...["newsLink", "newsLink1", "newsLink2", "newsLink3", "vimeoLink", "vimeoLink1", "vimeoLink2", "vimeoLink3"].map((c) =>
          varchar(c, 500),
        ),
        varchar("imageUri"),
        bool("visible", true),
      ],
      ["title", "heading", "visible"],
    );
    await table("article_images", [int("slot", NOT_NULL), varchar("imageUri", 255, NOT_NULL)], ["slot"]);
    await table(
      "contact_messages",
      [varchar("name"), varchar("email"), varchar("website", 500), longText(qr, "comments")],
      ["name", "email"],
    );
    await table(
      "pools",
      [
        int("pid", NOT_NULL),
        int("risk"),
        varchar("lpSymbol", 100, NOT_NULL),
        varchar("alloc", 78),
        bool("isTokenOnly", true),
        varchar("lpAddresses", 42),
        varchar("tokenSymbol", 100),
        varchar("tokenAddresses", 42, NOT_NULL),
        varchar("quoteTokenSymbol", 100),
        varchar("quoteTokenAddresses", 42),
        varchar("depositFee", 78),
        varchar("imageUri"),
      ],
      ["pid", "lpSymbol", "tokenSymbol"],
    );
    await table("ip_whitelist", [varchar("address", 64, NOT_NULL)], [["address", "unique"]]);
    await table(
      "launchpads",
      [
        int("pid", NOT_NULL),
        varchar("priceToken", 78),
        varchar("priceTokenCrypto", 78),
        varchar("tokenAddress", 42, NOT_NULL),
        varchar("tokenName", 100),
        varchar("tokenSymbol", 100),
        int("tokenDecimal"),
        varchar("bnbMinimumContribution", 78),
        varchar("bnbMaximumContribution", 78),
        varchar("busdMinimumContribution", 78),
        varchar("busdMaximumContribution", 78),
        varchar("hardCap", 78),
        varchar("busdHardCap", 78),
        varchar("presaleAddress", 42, NOT_NULL),
      ],
      ["pid", "tokenAddress", "tokenSymbol", ["presaleAddress", "unique"]],
    );
    await table("blocklist", [varchar("walletAddress", 42, NOT_NULL)], [["walletAddress", "unique"]]);
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const table of [
      "blocklist",
      "launchpads",
      "ip_whitelist",
      "pools",
      "contact_messages",
      "article_images",
      "articles",
      "news_descriptions",
      "news",
      "settings",
      "home_images",
      "landing_blocks",
      "home_pages",
      "roadmaps",
      "feature_descriptions",
      "features",
      "abouts",
      "users",
    ]) {
      await qr.dropTable(table);
    }
  }
}
