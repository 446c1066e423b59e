import { Alert, Typography } from "@mui/material";
import { Link, useGetList, useTranslate } from "react-admin";
import { col } from "../../ui/columns";
import { CrudList } from "../../ui/CrudList";
import { rowActions } from "../../ui/rowActions";
import { SectionInputs } from "../../ui/SectionInputs";

const FIELDS = "resources.Farms.fields";
/** The Home (about) screen, where the home block's entries are listed. */
const HOME_SECTION_PATH = "/about";

/** The toast after 'Add Farm': the entry is a home-block one, so it says so and links to where it is listed. */
function HomeSectionNotice({ message }: { message: string }) {
  const translate = useTranslate();
  return (
    <Alert severity="success" variant="filled" role="status">
      {message} {translate("resources.Farms.added_to_home")}{" "}
      <Link to={HOME_SECTION_PATH} sx={{ color: "inherit", fontWeight: 600, textDecoration: "underline" }}>
        {translate("resources.Farms.open_home")}
      </Link>
    </Alert>
  );
}

/** Says what the 'Home' dialog edits, since it opens from a farm pool's row. */
function HomeBlockNote() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary">
      {translate("resources.Farms.home_note")}
    </Typography>
  );
}

/**
 * Farms (form list), as the original screen lays it out: the table lists the farm
 * pools saved after their add transaction (id, image, LP symbol, token
 * addresses, edit, delete; pools are created by 'Add Pool' on Image Text Edit).
 * Its 'Add Farm' and 'Home' dialogs write the landing page's home block (the
 * first landing section, listed on Home (about)): the toast and the dialog say
 * so, because nothing they save appears in this table.
 */
export function FarmList() {
  // The 'Home' dialog edits the first home-block entry, whichever row's edit is pressed.
  const { data: homeBlocks } = useGetList("About", { pagination: { page: 1, perPage: 1 }, sort: { field: "id", order: "ASC" } });
  return (
    <CrudList
      title="resources.Farms.title"
      sort={{ field: "pid", order: "ASC" }}
      columns={[
        col.text("pid", `${FIELDS}.pid`, { sortable: true }),
        col.image(),
        col.text("lpSymbol", `${FIELDS}.lpSymbol`, { sortable: true }),
        col.text("tokenAddresses", `${FIELDS}.tokenAddresses`, { sortable: true }),
        rowActions.edit(),
        rowActions.delete(),
      ]}
      add={{
        label: "resources.Farms.add",
        resource: "About",
        inputs: <SectionInputs identifier={false} image={false} />,
        notice: (message) => <HomeSectionNotice message={message} />,
      }}
      edit={{
        title: "resources.Farms.edit",
        target: { resource: "About", id: homeBlocks?.[0]?.id },
        inputs: (
          <>
            <HomeBlockNote />
            <SectionInputs />
          </>
        ),
      }}
    />
  );
}
