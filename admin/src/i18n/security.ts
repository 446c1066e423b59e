/** Texts of the Security page and the Sign-ins screen (signed-in only, kept out of the /login chunk). */
export const securityMessages = {
  app: {
    menu: { security: "Security", sign_ins: "Sign-ins" },
    security: {
      title: "Security",
      two_factor: "Two-factor sign-in",
      on: "On",
      off: "Off",
      explain:
        "With two-factor sign-in, signing in takes your password and a 6-digit code from an authenticator app (Google Authenticator, 1Password, Authy, ...) on your phone.",
      required: "Two-factor sign-in is required for every account: turn it on to continue.",
      set_up: "Set up two-factor sign-in",
      scan: "Scan this QR code with your authenticator app, then enter the code it shows to turn two-factor sign-in on.",
      qr_alt: "QR code for your authenticator app",
      secret: "Or type this secret into the app:",
      recovery_codes: "Recovery codes",
      recovery_hint: "Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. They are shown only now.",
      code: "Code from the app",
      code_hint: "6 digits (or a recovery code)",
      enable: "Enable",
      enabled: "Two-factor sign-in is on",
      new_codes: "New recovery codes (the old ones stop working)",
      new_codes_button: "New recovery codes",
      new_codes_done: "New recovery codes: keep them somewhere safe",
      turn_off: "Turn two-factor sign-in off",
      disable: "Turn off",
      disabled: "Two-factor sign-in is off",
      recent: "Your recent sign-ins",
      result: {
        success: "Signed in",
        wrong_password: "Wrong password",
        limited: "Refused (too many attempts)",
        two_factor_required: "Code asked",
        two_factor_failed: "Wrong code",
        not_approved: "Waiting for approval",
      },
    },
  },
  resources: {
    signins: {
      name: "Sign-in |||| Sign-ins",
      title: "Sign-ins",
      empty: "No sign-ins yet",
      fields: { createdAt: "Time", email: "Email", result: "Result", ip: "IP address", userAgent: "Browser" },
    },
  },
};
