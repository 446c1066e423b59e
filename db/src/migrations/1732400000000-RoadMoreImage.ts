import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";
import { varchar } from "./columns";

/** Road More records get the image SPEC's list shows (S.No, Image, Title, Heading, Action), as the other content entries have. */
export class RoadMoreImage1732400000000 implements MigrationInterface {
  name = "RoadMoreImage1732400000000";

  async up(qr: QueryRunner): Promise<void> {
    await qr.addColumn("feature_descriptions", new TableColumn(varchar("imageUri")));
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn("feature_descriptions", "imageUri");
  }
}
