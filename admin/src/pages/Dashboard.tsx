import ArticleIcon from "@mui/icons-material/Article";
import { Box, Card, CardActionArea, CardContent, Chip, Skeleton, Stack, Typography } from "@mui/material";
import { lazy, Suspense, type ReactElement } from "react";
import { Link as RouterLink } from "react-router-dom";
import { Title, useGetList, useTranslate } from "react-admin";
import { SCREENS } from "../registry";
import { useIsAdmin } from "../ui/AdminOnly";

interface CardSpec {
  to: string;
  resource: string;
  label: string;
  icon?: ReactElement;
  /** Counted for administrators only (the registry's adminOnly). */
  adminOnly?: boolean;
}

/** The registry's dashboard links: SPEC section 2's count cards (/Users, /setting, /LaunchPad, /about), then a chip for every other screen. */
const LINKS = SCREENS.flatMap(({ route, icon: Icon, dashboard, adminOnly }) =>
  dashboard
    ? [
        {
          to: dashboard.path ?? `/${route}`,
          resource: route,
          label: dashboard.label,
          card: !!dashboard.card,
          adminOnly: !!adminOnly,
          icon: Icon && <Icon fontSize="large" />,
        },
      ]
    : [],
);
/** The open sales read the chain: their code (and the chain layer) loads after the dashboard's own. */
const OpenSales = lazy(() => import("../saleInsight/OpenSales"));

const CARDS: CardSpec[] = LINKS.filter((link) => link.card);
const MORE = LINKS.filter((link) => !link.card);

function CountCard({ to, resource, label, icon, adminOnly }: CardSpec) {
  const translate = useTranslate();
  const viewer = useIsAdmin();
  const counted = !adminOnly || viewer.isAdmin;
  const { total, isPending, error } = useGetList(
    resource,
    { pagination: { page: 1, perPage: 1 } },
    { enabled: counted && !viewer.isPending },
  );
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
              {viewer.isPending || (counted && isPending) ? (
                <Skeleton width={60} />
              ) : !counted ? (
                translate("app.admin_only.count")
              ) : error ? (
                "—"
              ) : (
                translate("app.dashboard.records", { smart_count: total ?? 0 })
              )}
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
        {CARDS.map((card) => (
          <CountCard key={card.to} {...card} />
        ))}
      </Stack>
      <Suspense fallback={null}>
        <OpenSales />
      </Suspense>
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1, display: "flex", alignItems: "center", gap: 1 }}>
        <ArticleIcon fontSize="small" /> {translate("app.dashboard.more")}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
        {MORE.map((link) => (
          <Chip key={link.to} label={translate(link.label)} component={RouterLink} to={link.to} clickable variant="outlined" />
        ))}
      </Stack>
    </Box>
  );
}
