//! Full-page navigations out of the single-page app (/api/login, /api/auth/google).
//! One object so tests can replace `go` (jsdom cannot navigate).

export const browser = {
  /** Loads `url` in the whole window, leaving the app. */
  go(url: string): void {
    window.location.href = url;
  },
};
