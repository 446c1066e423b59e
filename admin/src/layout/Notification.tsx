import { Notification as RaNotification } from "react-admin";

export const TOAST_MS = 2000;

/** Toasts at the top centre, closing after 2000 ms. */
export const Notification = () => <RaNotification anchorOrigin={{ vertical: "top", horizontal: "center" }} autoHideDuration={TOAST_MS} />;
