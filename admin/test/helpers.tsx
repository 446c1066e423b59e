import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

/** A user who may pick any file, as the file chooser lets one (its accept list is a hint). */
export const setupUser = () => userEvent.setup({ applyAccept: false });

/** The open dialog (modal). */
export const findDialog = () => screen.findByRole("dialog");

/** The table row that shows a text. */
export async function rowOf(text: string) {
  const cell = await screen.findByText(text);
  return cell.closest("tr") as HTMLElement;
}

export const inRow = (row: HTMLElement) => within(row);

export const png = (name = "image.png") =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: "image/png" });

/** Captures what the export buttons download. */
export function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let count = 0;
  const create = jest.spyOn(URL, "createObjectURL").mockImplementation((b: Blob | MediaSource) => {
    const url = `blob:test/${count++}`;
    blobs.set(url, b as Blob);
    return url;
  });
  const click = jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) files.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return {
    files,
    restore() {
      create.mockRestore();
      click.mockRestore();
    },
  };
}
