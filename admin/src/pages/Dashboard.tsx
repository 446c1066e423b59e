import ArticleIcon from "@mui/icons-material/Article";
import InfoIcon from "@mui/icons-material/Info";
import PeopleIcon from "@mui/icons-material/People";
import RocketLaunchIcon from "@mui/icons-material/RocketLaunch";
import SettingsIcon from "@mui/icons-material/Settings";
import { Box, Card, CardActionArea, CardContent, Chip, Skeleton, Stack, Typography } from "@mui/material";
import type { ReactElement } from "react";
import { Link as RouterLink } from "react-router-dom";
import { Title, useGetList, useTranslate } from "react-admin";

interface CardSpec {
  to: string;
  resource: string;
  label: string;
  icon: ReactElement;
}

/** SPEC section 2: cards linking to /Users, /setting, /LaunchPad and /about. */
const CARDS: CardSpec[] = [
  { to: "/Users", resource: "Users", label: "app.dashboard.users", icon: <PeopleIcon fontSize="large" /> },
  { to: "/setting", resource: "Setting", label: "app.dashboard.settings", icon: <SettingsIcon fontSize="large" /> },
  { to: "/LaunchPad", resource: "LaunchPad", label: "app.dashboard.launchpad", icon: <RocketLaunchIcon fontSize="large" /> },
  { to: "/about", resource: "About", label: "app.dashboard.about", icon: <InfoIcon fontSize="large" /> },
];

/** Every other screen, for the screens the sidebar does not list. */
const MORE: { to: string; label: string }[] = [
  { to: "/Feature", label: "resources.Feature.title" },
  { to: "/featruedes", label: "resources.featruedes.title" },
  { to: "/Roadmap", label: "resources.Roadmap.title" },
  { to: "/Farms", label: "resources.Farms.title" },
  { to: "/Homepages", label: "resources.Homepages.title" },
  { to: "/Homeimage", label: "resources.Homeimage.title" },
  { to: "/ContactUs", label: "resources.ContactUs.title" },
  { to: "/Articles1", label: "app.dashboard.article_images_1" },
  { to: "/Articles2", label: "app.dashboard.article_images_2" },
  { to: "/Articles3", label: "app.dashboard.article_images_3" },
  { to: "/Articles4", label: "app.dashboard.article_images_4" },
  { to: "/Stake", label: "app.chain.stake" },
];

function CountCard({ to, resource, label, icon }: CardSpec) {
  const translate = useTranslate();
  const { total, isPending, error } = useGetList(resource, { pagination: { page: 1, perPage: 1 } });
  return (
    <Card sx={{ flex: "1 1 220px" }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: "100%" }}>
        <CardContent sx={{ display: "flex", alignItems: "center", gap: 2 }}>
          <Box sx={{ color: "primary.main" }}>{icon}</Box>
          <Box>
            <Typography variant="h6" component="h2">
              {translate(label)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {isPending ? <Skeleton width={60} /> : error ? "—" : translate("app.dashboard.records", { smart_count: total ?? 0 })}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export default function Dashboard() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="app.dashboard.title" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate("app.dashboard.welcome")}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 2 }}>
        {CARDS.map((c) => (
          <CountCard key={c.to} {...c} />
        ))}
      </Stack>
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1, display: "flex", alignItems: "center", gap: 1 }}>
        <ArticleIcon fontSize="small" /> {translate("app.dashboard.more")}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
        {MORE.map((m) => (
          <Chip key={m.to} label={translate(m.label)} component={RouterLink} to={m.to} clickable variant="outlined" />
        ))}
      </Stack>
    </Box>
  );
}
