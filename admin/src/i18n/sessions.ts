/** Texts of the sessions panel (Security page) and of the Users list's "End sessions" (issue 29). */
export const sessionsMessages = {
  app: {
    sessions: {
      title: "Sessions",
      explain: "Where your account is signed in now. Sign out any session you do not recognise.",
      device: "Device",
      ip: "IP address",
      signed_in: "Signed in",
      last_seen: "Last seen",
      this_device: "This device",
      unknown_device: "Unknown device",
      sign_out: "Sign out",
      sign_out_label: "Sign out %{device}",
      sign_out_others: "Sign out everywhere else",
      confirm_one_title: "Sign out this session?",
      confirm_one: "%{device} (%{ip}) is signed out at once; it must sign in again.",
      confirm_others_title: "Sign out everywhere else?",
      confirm_others: "Every other session of your account is signed out at once. This device stays signed in.",
      ended_one: "Session signed out",
      ended: "%{smart_count} session signed out |||| %{smart_count} sessions signed out",
      none_other: "No other session is signed in",
      after_two_factor:
        "Two-factor sign-in is on. Sign out the other sessions of your account too, so that each must sign in again with a code?",
      end_user: "End sessions",
      end_user_label: "End sessions: %{name}",
      confirm_user_title: "End every session of %{name}?",
      confirm_user: "%{name} is signed out everywhere at once and must sign in again.",
    },
  },
};
