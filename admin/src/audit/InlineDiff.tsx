import { Box } from "@mui/material";
import { useTranslate } from "react-admin";

/** Read by screen readers, not shown: says what a strike-through or a highlight means. */
const srOnly = {
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

type DiffPart = { kind: "same" | "removed" | "added"; text: string };

/** The gateway's compact word diff (`[-removed-]{+added+}`, audit/changes.ts) as parts; text outside the marks is unchanged. */
function diffParts(diff: string): DiffPart[] {
  const parts: DiffPart[] = [];
  const mark = /\[-([\s\S]*?)-\]|\{\+([\s\S]*?)\+\}/g;
  let at = 0;
  for (let found = mark.exec(diff); found; found = mark.exec(diff)) {
    if (found.index > at) parts.push({ kind: "same", text: diff.slice(at, found.index) });
    parts.push(found[1] !== undefined ? { kind: "removed", text: found[1] } : { kind: "added", text: found[2] });
    at = mark.lastIndex;
  }
  if (at < diff.length) parts.push({ kind: "same", text: diff.slice(at) });
  return parts;
}

/** The diff as the text it leads to, for the exports (plain text has no strike-through to show the removed words with). */
export const diffResult = (diff: string) =>
  diffParts(diff)
    .filter((part) => part.kind !== "removed")
    .map((part) => part.text)
    .join("");

/**
 * A text change inline: removed words struck through (<del>), added ones
 * highlighted (<ins>), each announced as such to screen readers; no markup
 * characters shown.
 */
export function InlineDiff({ diff }: { diff: string }) {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ whiteSpace: "pre-wrap", overflowWrap: "break-word" }} data-diff>
      {diffParts(diff).map((part, i) => {
        if (part.kind === "same") return <span key={i}>{part.text}</span>;
        const removed = part.kind === "removed";
        return (
          <Box
            key={i}
            component={removed ? "del" : "ins"}
            sx={
              removed
                ? { color: "error.dark", bgcolor: "#fdecea", textDecoration: "line-through" }
                : { color: "success.dark", bgcolor: "#e6f4ea", textDecoration: "none" }
            }
          >
            <Box component="span" sx={srOnly}>
              {/* Spaced apart: a removal right before an addition must not read as one word. */}
              {` ${translate(removed ? "app.audit.removed_text" : "app.audit.added_text")} `}
            </Box>
            {part.text}
          </Box>
        );
      })}
    </Box>
  );
}
