import { Box } from "@mui/material";
import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * Its children once its place on the page has come into view (and from then on), so that code only they need (the
 * chain layer of the dashboard's open sales) loads when they can be seen, not with the page. Where the browser has no
 * IntersectionObserver they show at once.
 */
export function WhenVisible({ children }: { children: ReactNode }) {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === "undefined");
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = place.current;
    if (seen || !target) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [seen]);
  // One pixel high: an empty box may not count as intersecting.
  return seen ? <>{children}</> : <Box ref={place} data-testid="when-visible" sx={{ minHeight: "1px" }} />;
}
