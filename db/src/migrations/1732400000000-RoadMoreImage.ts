import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";
import { isMysql, varchar } from "./columns";

/** Road More records get the image the original list shows (S.No, Image, Title, Heading, Action), as the other content entries have. */
export class RoadMoreImage1732400000000 implements MigrationInterface {
  name = "RoadMoreImage1732400000000";

  async up(qr: QueryRunner): Promise<void> {
    if (isMysql(qr)) {
      await qr.addColumn("feature_descriptions", new TableColumn(varchar("imageUri")));
      return;
    }
    // TypeORM adds a SQLite column by rebuilding the table, which drops the triggers that keep its search index current.
    await qr.query(`ALTER TABLE "feature_descriptions" ADD COLUMN "imageUri" varchar(255)`);
  }

  async down(qr: QueryRunner): Promise<void> {
    if (isMysql(qr)) {
      await qr.dropColumn("feature_descriptions", "imageUri");
      return;
    }
    await qr.query(`ALTER TABLE "feature_descriptions" DROP COLUMN "imageUri"`);
  }
}
