import { Dialog, useMediaQuery, type DialogProps, type Theme } from "@mui/material";

/** Below 600 px (a phone), where react-admin's layout switches too. */
export const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));

/** MUI's Dialog, full-screen on a phone: the app's add, edit and chain dialogs. */
export function ResponsiveDialog(props: DialogProps) {
  const phone = usePhone();
  return <Dialog fullScreen={phone} {...props} />;
}
