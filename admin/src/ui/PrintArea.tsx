import { GlobalStyles } from "@mui/material";
import { useEffect } from "react";
import { createPortal } from "react-dom";
import { EXPORT_FILE_NAME, type Table } from "./exporters";

const printStyles = (
  <GlobalStyles
    styles={{
      "@media screen": { ".print-area": { display: "none" } },
      "@media print": {
        "body > *:not(.print-area)": { display: "none !important" },
        ".print-area": { display: "block", fontFamily: "Roboto, Helvetica, Arial, sans-serif", color: "#000" },
        ".print-area table": { borderCollapse: "collapse", width: "100%" },
        ".print-area th, .print-area td": { border: "1px solid #999", padding: "4px 6px", textAlign: "left", fontSize: "11px" },
      },
    }}
  />
);

/**
 * The print view: the whole export as a plain table, the only thing printed.
 * The document title is 'Forms' while printing (the browser's file name).
 */
export function PrintArea({ table, onDone }: { table: Table; onDone: () => void }) {
  useEffect(() => {
    const title = document.title;
    document.title = EXPORT_FILE_NAME;
    const after = () => {
      document.title = title;
      onDone();
    };
    window.addEventListener("afterprint", after, { once: true });
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("afterprint", after);
      document.title = title;
    };
  }, [table, onDone]);

  return createPortal(
    <div className="print-area" data-testid="print-area">
      {printStyles}
      <h1>{EXPORT_FILE_NAME}</h1>
      <table>
        <thead>
          <tr>
            {table.headers.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j}>{c ?? ""}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
