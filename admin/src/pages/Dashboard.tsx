import ArticleIcon from "@mui/icons-material/Article";
import { Box, Card, CardActionArea, CardContent, Chip, Skeleton, Stack, Typography } from "@mui/material";
import { lazy, Suspense, useMemo, type ReactElement } from "react";
import { Link as RouterLink } from "react-router-dom";
import { Title, useGetList, useTranslate } from "react-admin";
import type { Screen } from "../screen";
import { useReadable } from "../ui/access";
import { useScreens } from "../ui/screens";
import { WhenVisible } from "../ui/WhenVisible";

interface CardSpec {
  to: string;
  resource: string;
  label: string;
  icon?: ReactElement;
}

/** The registry's dashboard links: the original count cards (/Users, /setting, /LaunchPad, /about), then a chip for every other screen. */
const linksOf = (screens: readonly Screen[]) =>
  screens.flatMap(({ route, icon: Icon, dashboard }) =>
    dashboard
      ? [
          {
            to: dashboard.path ?? `/${route}`,
            resource: route,
            label: dashboard.label,
            card: !!dashboard.card,
            icon: Icon && <Icon fontSize="large" />,
          },
        ]
      : [],
  );
/** The open sales read the chain: their code (and the chain layer) loads once their place is in view. */
const OpenSales = lazy(() => import("../saleInsight/OpenSales"));

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

/** The cards and chips of the screens the user's role may read. */
export default function Dashboard() {
  const translate = useTranslate();
  const { screens } = useScreens();
  const links = useMemo(() => linksOf(screens), [screens]);
  const readable = useReadable(links.map((link) => link.resource));
  const allowed = (link: { resource: string }) => readable(link.resource);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="app.dashboard.title" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate("app.dashboard.welcome")}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 2 }}>
        {links
          .filter((link) => link.card && allowed(link))
          .map((card) => (
            <CountCard key={card.to} {...card} />
          ))}
      </Stack>
      {readable("LaunchPad") && (
        <WhenVisible>
          <Suspense fallback={null}>
            <OpenSales />
          </Suspense>
        </WhenVisible>
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1, display: "flex", alignItems: "center", gap: 1 }}>
        <ArticleIcon fontSize="small" /> {translate("app.dashboard.more")}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
        {links
          .filter((link) => !link.card && allowed(link))
          .map((link) => (
            <Chip key={link.to} label={translate(link.label)} component={RouterLink} to={link.to} clickable variant="outlined" />
          ))}
      </Stack>
    </Box>
  );
}
