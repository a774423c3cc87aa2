// Markup for the server-rendered pages: escaping, and the sign-in forms that the local stack's authorization
// server and the hosted consent page both show (they ask for the same credentials).

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

export interface SignInForms {
  /** Where both forms post. */
  action: string;
  /** A message above the forms (a wrong password, a code sent), shown as an alert. */
  notice?: string;
  /** The address to fill in again. */
  email?: string;
  /** A code was sent: the second form asks for it instead of offering to send one. */
  codeSent?: boolean;
  /** Markup each form carries along, such as hidden fields. */
  hidden?: string;
}

/** The notice, then a form for a password and one for a code sent by e-mail; `method` says which was used. */
export function signInForms(
  { action, notice = "", email = "", codeSent = false, hidden = "" }: SignInForms,
): string {
  return `${notice ? `<p class="error" role="alert">${escapeHtml(notice)}</p>` : ""}
<form method="post" action="${action}" aria-label="Sign in with a password">${hidden}
<input type="hidden" name="method" value="password">
<label>E-mail <input name="email" type="email" autocomplete="username" required value="${
    escapeHtml(email)
  }"></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in with password</button></form>
<form method="post" action="${action}" aria-label="Sign in with an e-mailed code">${hidden}
<input type="hidden" name="method" value="${codeSent ? "code" : "send_code"}">
<label>E-mail <input name="email" type="email" required value="${escapeHtml(email)}"></label>
${
    codeSent
      ? `<label>Code from the e-mail <input name="code" inputmode="numeric" autocomplete="one-time-code" required></label>
<button type="submit">Sign in with the code</button>`
      : `<button type="submit">E-mail me a code</button>`
  }</form>`;
}
