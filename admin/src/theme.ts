import { createTheme, type ThemeOptions } from "@mui/material/styles";

const shared: ThemeOptions = {
  shape: { borderRadius: 8 },
  typography: { fontFamily: "Roboto, Helvetica, Arial, sans-serif" },
  components: { MuiButton: { defaultProps: { disableElevation: true } } },
};

/**
 * Theme options: react-admin builds its themes from them; the public screens use the built themes.
 * The light amber is dark enough for WCAG AA text contrast (4.5:1) on white and on the grey page
 * (#a8690a was 4.48:1 on white, 4.14:1 on the page).
 */
export const lightThemeOptions: ThemeOptions = {
  ...shared,
  palette: { mode: "light", primary: { main: "#8a5608" }, secondary: { main: "#1f2a44" }, background: { default: "#f5f6f8" } },
};

export const darkThemeOptions: ThemeOptions = {
  ...shared,
  // MUI's dark error red (#f44336) under white text is 3.7:1; dark text on it is 5.7:1.
  palette: { mode: "dark", primary: { main: "#f0b90b" }, secondary: { main: "#90a4d4" }, error: { main: "#f44336", contrastText: "#000" } },
};

export const lightTheme = createTheme(lightThemeOptions);
export const darkTheme = createTheme(darkThemeOptions);

/** The theme react-admin's toggle last stored, so public screens match it. */
export const storedThemeMode = (): "light" | "dark" => {
  try {
    return JSON.parse(localStorage.getItem("RaStore.theme") ?? '"light"') === "dark" ? "dark" : "light";
  } catch {
    return "light";
  }
};
