import { LinearProgress } from "@mui/material";
import { lazy, Suspense } from "react";
import type { RichTextInputProps } from "ra-input-rich-text";

/** The rich-text editor (tiptap) is heavy: it loads with the first form that shows one. */
const LazyRichTextInput = lazy(() => import("ra-input-rich-text").then((m) => ({ default: m.RichTextInput })));

export function RichTextInput(props: RichTextInputProps) {
  return (
    <Suspense fallback={<LinearProgress sx={{ my: 2 }} />}>
      <LazyRichTextInput fullWidth {...props} />
    </Suspense>
  );
}
