import MoreVertIcon from "@mui/icons-material/MoreVert";
import { Box, List, Paper, Skeleton } from "@mui/material";
import { startTransition, useEffect, useState } from "react";
import { translate } from "../i18n";
import { activeSession } from "../providers/session";
import { FIRST_PAGE_WAIT_MS, firstPageOf, firstPageQuery, type FirstPage } from "./firstPage";
import { useScreens } from "./screens";
import { LoadingScreen } from "./LoadingScreen";
import { ImageThumb } from "./ImageThumb";
import { PhoneRow } from "./PhoneRow";

/** Names the rows' texts for the browser's Element Timing: it tells when they are on screen. */
const TIMING = "first-rows";

/**
 * Calls `shown` once the first rows are on screen (presented, not just painted: a busy machine presents a frame
 * well after its paint), told by Element Timing where the browser has it (Chromium), else two frames later.
 */
function whenShown(shown: () => void) {
  if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("element")) {
    requestAnimationFrame(() => requestAnimationFrame(shown));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntries().some((entry) => (entry as PerformanceEntry & { identifier?: string }).identifier === TIMING)) return;
    observer.disconnect();
    shown();
  });
  observer.observe({ type: "element", buffered: true });
}

/** Only the document's first screen: later ones open with the admin's code already there. */
let firstScreen = true;

/**
 * The first page of a list a phone opened by a link, fetched by /login's light code (ui/firstPage.ts), and whether
 * the admin's code may start loading: once those rows have painted, or at once when there are none to fetch, or
 * after FIRST_PAGE_WAIT_MS, or when the fetch failed (react-admin then asks and says why). The admin's code (about
 * four times the bytes of /login's) waits so that on a slow phone its download does not hold the rows back.
 */
export function useFirstPage(pathname: string, search: string) {
  const { screens } = useScreens();
  const [query] = useState(() => (firstScreen && activeSession() ? firstPageQuery(screens, pathname, search) : undefined));
  const [state, setState] = useState<{ page?: FirstPage; ready: boolean }>({ ready: !query });
  useEffect(() => {
    firstScreen = false;
    if (!query) return;
    let live = true;
    // Transitions: React draws the rows, then the admin, in slices of a few milliseconds (short tasks on a slow phone).
    const ready = () => live && startTransition(() => setState((now) => ({ ...now, ready: true })));
    const timer = setTimeout(ready, FIRST_PAGE_WAIT_MS);
    query.load().then((page) => {
      // An empty page has nothing to show before the list's own "No user found!".
      if (!live || !page.rows.length) return ready();
      startTransition(() => setState((now) => ({ ...now, page })));
      whenShown(ready);
    }, ready);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query]);
  return state;
}

/** Where a list's toolbar, filter box and sort control come, in grey: the rows below then sit about where the list's will. */
function ToolbarPlaceholder() {
  return (
    <Box sx={{ py: 1.5 }}>
      <Skeleton variant="rounded" height={36} sx={{ ml: "auto", width: "80%", mb: 2 }} />
      <Skeleton variant="rounded" height={40} sx={{ width: "60%", mb: 1.5 }} />
      <Skeleton variant="rounded" height={40} />
    </Box>
  );
}

/**
 * A list's first page as a phone's rows, drawn with the list's own row (PhoneRow) while the admin's code loads: in the
 * shell, then in the admin's frame while the screen's code and its first answer come (`toolbar`: the list's toolbar
 * is not there yet, grey bars hold its place). The same texts wrap alike, and the list then replaces them in place.
 * Not yet usable: it says it is loading, its rows do nothing.
 */
export function FirstRows({ page, toolbar = true }: { page: FirstPage; toolbar?: boolean }) {
  return (
    <Box role="status" aria-busy="true" aria-label={translate("ra.page.loading")}>
      {toolbar && <ToolbarPlaceholder />}
      <Paper elevation={toolbar ? 1 : 0}>
        <List disablePadding>
          {page.rows.map((row) => (
            <PhoneRow
              key={row.id}
              image={page.hasImage ? <ImageThumb name={row.image} /> : undefined}
              primary={row.primary}
              timing={TIMING}
              secondary={row.secondary}
              action={<MoreVertIcon color="action" sx={{ mr: 1.5 }} />}
            />
          ))}
        </List>
      </Paper>
    </Box>
  );
}

/** A screen's loading state in the admin's frame: the loading screen, or the list's first page when the shell drew it. */
export function ScreenLoading({ route }: { route?: string }) {
  const page = firstPageOf(route);
  return page ? <FirstRows page={page} /> : <LoadingScreen />;
}
