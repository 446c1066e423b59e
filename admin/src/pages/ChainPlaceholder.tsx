import { Alert, Box, Card, CardContent, Typography } from "@mui/material";
import { useParams } from "react-router-dom";
import { Title, useTranslate } from "react-admin";

/**
 * A wallet or chain screen whose route and menu entry exist before its
 * contents (Stake, until staking has its screen): its title, the presale
 * address a route names, and a notice.
 */
export function ChainPlaceholder({ title }: { title: string }) {
  const translate = useTranslate();
  const { id } = useParams();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate(title)}
          </Typography>
          {id && (
            <Typography sx={{ mb: 2, fontFamily: "monospace", wordBreak: "break-all" }}>
              {translate("app.chain.presale_address")}: {id}
            </Typography>
          )}
          <Alert severity="info">{translate("app.chain.later")}</Alert>
        </CardContent>
      </Card>
    </Box>
  );
}

/** /Stake, until staking has its screen. */
export const StakePage = () => <ChainPlaceholder title="app.chain.stake" />;
