import { lazy } from "react";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { SectionInputs } from "../../ui/SectionInputs";
import { featureTable } from "./table";

/** 'Add Pool' signs transactions: its code (and the chain layer) loads on first use. */
const PoolCreate = lazy(() => import("../Pool/PoolCreate"));

/**
 * Image Text Edit: the second landing section's entries (their identifier
 * fixed), and 'Add Pool' (a farm pool, added on chain then saved).
 */
export const FeatureList = () => (
  <CrudList
    title="resources.Feature.title"
    sort={featureTable.sort}
    columns={[...featureTable.columns, rowActions.edit()]}
    add={{ label: "resources.Feature.add_pool", dialog: PoolCreate, resource: "Farms" }}
    edit={{ title: "resources.Feature.edit", inputs: <SectionInputs /> }}
  />
);
