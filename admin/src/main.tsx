import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { Root } from "./Root";

const root = createRoot(document.getElementById("root")!);
// A transition: React renders in slices of a few milliseconds, so the page stays responsive on a slow phone.
startTransition(() =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <Root />
      </BrowserRouter>
    </StrictMode>,
  ),
);
