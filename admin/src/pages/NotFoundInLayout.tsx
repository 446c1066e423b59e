import { Box, Button, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router-dom";
import { Title, useTranslate } from "react-admin";

/** 'Not Found' for unknown paths under an admin section (/News/nothing). */
export function NotFoundInLayout() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 4, textAlign: "center" }}>
      <Title title="app.not_found.title" />
      <Typography variant="h4" component="h1" gutterBottom>
        {translate("app.not_found.title")}
      </Typography>
      <Typography sx={{ mb: 3 }}>{translate("app.not_found.text")}</Typography>
      <Button component={RouterLink} to="/Dashboard" variant="contained">
        {translate("app.not_found.back_dashboard")}
      </Button>
    </Box>
  );
}
