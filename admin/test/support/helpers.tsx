import { isInaccessible, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp } from "./render";
import { gateway } from "./setup";

/**
 * A user who may pick any file, as the file chooser lets one (its accept list is a hint), unless `options` say otherwise.
 * A click does not hover its target first (`skipHover`): no test is about what the pointer passing over does (one that
 * is hovers), and a hovered button's tooltip stayed open, positioned again by Popper on each render of the screen (a
 * tenth of the sorting test's CPU, through jsdom's getComputedStyle of every ancestor).
 */
export const setupUser = (options: Parameters<typeof userEvent.setup>[0] = {}) =>
  userEvent.setup({ applyAccept: false, skipHover: true, ...options });

/**
 * Enters `value` in a field as a paste does: one input event. Typing key by key re-renders the whole form per character
 * (a 42-character address took seconds of CPU in jsdom); tests of what a keystroke does type instead.
 */
export async function enter(user: ReturnType<typeof setupUser>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

/**
 * The button named `name` in `container`, as getByRole("button", { name }) finds it, for a container of hundreds of
 * fields (the 250-row whitelist). Computing a button's name asks jsdom for its labels, which asks every label of the
 * document for its control, each searching the whole document for its `for` id: seconds per button there (20 s of
 * CPU per test). Found by its text, the button must be the only one, a button, named by that text (no aria-label or
 * aria-labelledby overriding it) and not hidden from assistive technology, as getByRole would check.
 */
export function buttonByText(container: HTMLElement, name: string) {
  const button = within(container).getByText(name);
  expect(button).toHaveRole("button");
  expect(button).not.toHaveAttribute("aria-label");
  expect(button).not.toHaveAttribute("aria-labelledby");
  expect(isInaccessible(button)).toBe(false);
  return button;
}

/** The open dialog (modal). */
export const findDialog = () => screen.findByRole("dialog");

/**
 * An element showing `text` on the screen itself, not in a loading state: a phone's link first shows the list's
 * first page drawn by the shell (a busy "Loading" region, ui/FirstRows.tsx), whose rows do nothing yet.
 */
export async function findShown(text: string) {
  return waitFor(() => {
    const shown = screen.getAllByText(text).find((element) => !element.closest('[aria-busy="true"]'));
    if (!shown) throw new Error(`"${text}" shows only in a loading state`);
    return shown;
  });
}

/** The table row that shows a text. */
export async function rowOf(text: string) {
  const cell = await screen.findByText(text);
  return cell.closest("tr") as HTMLElement;
}

/** Opens the screen at `path` and gives the table row that shows `text`, with a user to act on it. */
export async function openRow(path: string, text: string, user = setupUser()) {
  renderApp(path);
  return { user, row: await rowOf(text) };
}

/** Opens the screen at `path`, waits for `text` (the list is in), presses the button `button` and gives the dialog it opens. */
export async function openDialog(path: string, text: string, button: string, user = setupUser()) {
  renderApp(path);
  await screen.findByText(text);
  await user.click(screen.getByRole("button", { name: button }));
  return { user, dialog: await findDialog() };
}

/** Presses the dialog's button `button`, then waits until the gateway's last `operation` holds at least `variables`. */
export async function submitExpecting(
  user: ReturnType<typeof setupUser>,
  dialog: HTMLElement,
  button: string,
  operation: string,
  variables: Record<string, unknown>,
) {
  await user.click(within(dialog).getByRole("button", { name: button }));
  await waitFor(() => expect(gateway.lastCall(operation)?.variables).toMatchObject(variables));
}

/** Signs in through the sign-in form at /login as `email` with `password`. */
export async function signInThroughForm(email: string, password: string, user = setupUser()) {
  renderApp("/login");
  await enter(user, await screen.findByLabelText("Email"), email);
  await enter(user, screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Login" }));
  return user;
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
